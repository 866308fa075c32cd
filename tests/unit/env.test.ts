// The environment check (app/utils/env.server.ts): an empty DATABASE_URL or REDIS_URL means "not
// set" — the embedded database and in-process jobs — as the database client already reads it.
import { describe, expect, it } from "vitest";
import { EnvSchema } from "../../app/utils/env.server";

describe("environment", () => {
  it("reads an empty database or Redis URL as unset, and still refuses a malformed one", () => {
    const empty = EnvSchema.parse({ DATABASE_URL: "", REDIS_URL: "" });
    expect([empty.DATABASE_URL, empty.REDIS_URL]).toEqual([undefined, undefined]);
    expect(EnvSchema.parse({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" }).DATABASE_URL).toBe(
      "postgres://u@127.0.0.1:5432/db",
    );
    expect(EnvSchema.safeParse({ REDIS_URL: "not a url" }).success).toBe(false);
  });
});
