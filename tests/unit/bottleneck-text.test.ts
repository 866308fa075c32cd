// The Home's bottleneck warning (spec §9) with a large stage: "43,394 jobs", not "43394 jobs".
import { describe, expect, it } from "vitest";
import { bottleneckText } from "~/components/home-widgets";

describe("the bottleneck warning", () => {
  it("says the spec's sentence with the count grouped by thousands", () => {
    expect(bottleneckText({ stage: "Installed", count: 43394 })).toBe(
      '43,394 jobs are in the "Installed" stage. Consider reviewing capacity and processes.',
    );
    expect(bottleneckText({ stage: "In Progress", count: 5 })).toBe(
      '5 jobs are in the "In Progress" stage. Consider reviewing capacity and processes.',
    );
  });
});
