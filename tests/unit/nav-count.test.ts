// The sidebar's unread badge (app/components/app-shell.tsx): a shop with a busy Inbox sees "99+",
// which fits over the icon of the collapsed rail (768 px), where "20000" covered the icon.
import { describe, expect, it } from "vitest";
import { navCountText } from "~/components/app-shell";

describe("navCountText", () => {
  it("shows counts up to 99 as they are and anything above as 99+", () => {
    expect(navCountText(1)).toBe("1");
    expect(navCountText(99)).toBe("99");
    expect(navCountText(100)).toBe("99+");
    expect(navCountText(20_000)).toBe("99+");
  });
});
