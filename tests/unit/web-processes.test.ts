// How many web processes `npm start` runs (app/utils/web-processes.server.ts,
// docs/decisions/web-processes.md).
import { describe, expect, it } from "vitest";
import { thisMachine, webProcessCount } from "~/utils/web-processes.server";

const GiB = 1024 ** 3;

const DATABASE_URL = "postgres://db.example/cab";
const REDIS_URL = "redis://cache.example:6379";

describe("webProcessCount", () => {
  it("runs one web process unless told otherwise", () => {
    expect(webProcessCount({ DATABASE_URL, REDIS_URL, WEB_CONCURRENCY: undefined })).toBe(1);
  });

  it('"auto": one per core, at most 4 and one per GiB, when the jobs run in the worker against PostgreSQL', () => {
    const config = { DATABASE_URL, REDIS_URL, WEB_CONCURRENCY: "auto" as const };
    expect(webProcessCount(config, { cores: 2, memory: 24 * GiB })).toBe(2);
    expect(webProcessCount(config, { cores: 16, memory: 64 * GiB })).toBe(4);
    expect(webProcessCount(config, { cores: 8, memory: 2.5 * GiB })).toBe(2);
    expect(webProcessCount(config, { cores: 1, memory: 0.5 * GiB })).toBe(1);
    expect(webProcessCount(config, { cores: 4, memory: 0.5 * GiB })).toBe(1);
    const here = thisMachine();
    expect(here.cores).toBeGreaterThan(0);
    expect(here.memory).toBeGreaterThan(0);
  });

  it('"auto" is one without Redis (in-process jobs) or without PostgreSQL (PGlite)', () => {
    const machine = { cores: 8, memory: 32 * GiB };
    expect(webProcessCount({ DATABASE_URL, REDIS_URL: undefined, WEB_CONCURRENCY: "auto" }, machine)).toBe(1);
    expect(webProcessCount({ DATABASE_URL: undefined, REDIS_URL, WEB_CONCURRENCY: "auto" }, machine)).toBe(1);
  });

  it("takes a number as given", () => {
    expect(webProcessCount({ DATABASE_URL, REDIS_URL, WEB_CONCURRENCY: 7 })).toBe(7);
    expect(webProcessCount({ DATABASE_URL, REDIS_URL: undefined, WEB_CONCURRENCY: 1 })).toBe(1);
  });

  it("refuses several without Redis or PostgreSQL, saying why", () => {
    expect(() => webProcessCount({ DATABASE_URL, REDIS_URL: undefined, WEB_CONCURRENCY: 2 })).toThrow(
      /WEB_CONCURRENCY above 1 needs REDIS_URL and DATABASE_URL/,
    );
    expect(() => webProcessCount({ DATABASE_URL: undefined, REDIS_URL, WEB_CONCURRENCY: 3 })).toThrow(
      /needs REDIS_URL/,
    );
  });
});
