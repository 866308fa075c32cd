// The in-process stand-in for Redis (jobs/in-process.ts): `enqueue` and `enqueueAndWait` without
// REDIS_URL run through one retry loop, which treats attempts, backoff and UnrecoverableError as
// the BullMQ worker does. The processors here are stand-ins: nothing touches the database.
import { UnrecoverableError } from "bullmq";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerInProcessProcessors, stopInProcessRuns } from "../../jobs/in-process";
import { DAILY_MAINTENANCE_JOB, MAINTENANCE_QUEUE, enqueue, enqueueAndWait } from "../../jobs/queues";

const savedRedisUrl = process.env.REDIS_URL;
const fast = { attempts: 3, backoff: { type: "fixed", delay: 1 } } as const;

/** Registers one processor for the maintenance job and counts its calls. */
function register(processor: (call: number) => Promise<unknown>) {
  const calls = { count: 0 };
  registerInProcessProcessors({
    [MAINTENANCE_QUEUE]: { [DAILY_MAINTENANCE_JOB]: async () => processor(++calls.count) },
  });
  return calls;
}

beforeAll(() => {
  delete process.env.REDIS_URL;
});
afterEach(async () => {
  await stopInProcessRuns();
});
afterAll(() => {
  process.env.REDIS_URL = savedRedisUrl;
});

describe("in-process jobs without REDIS_URL", () => {
  it("enqueueAndWait retries a failing processor and answers with its result", async () => {
    const calls = register(async (call) => {
      if (call < 2) throw new Error("expected failure (test)");
      return { sent: call };
    });
    await expect(enqueueAndWait(MAINTENANCE_QUEUE, DAILY_MAINTENANCE_JOB, {}, fast)).resolves.toEqual({ sent: 2 });
    expect(calls.count).toBe(2);
  });

  it("enqueueAndWait rejects with the last failure once the attempts are used up", async () => {
    const calls = register(async (call) => {
      throw new Error(`failure ${call} (test)`);
    });
    await expect(enqueueAndWait(MAINTENANCE_QUEUE, DAILY_MAINTENANCE_JOB, {}, fast)).rejects.toThrow("failure 3");
    expect(calls.count).toBe(3);
  });

  it("an UnrecoverableError is not retried, waited for or not", async () => {
    const waited = register(async () => {
      throw new UnrecoverableError("refused for good (test)");
    });
    await expect(enqueueAndWait(MAINTENANCE_QUEUE, DAILY_MAINTENANCE_JOB, {}, fast)).rejects.toThrow("for good");
    expect(waited.count).toBe(1);

    let failed!: () => void;
    const first = new Promise<void>((resolve) => (failed = resolve));
    const queued = register(async () => {
      failed();
      throw new UnrecoverableError("refused for good (test)");
    });
    const job = await enqueue(MAINTENANCE_QUEUE, DAILY_MAINTENANCE_JOB, {}, fast);
    expect(job.mode).toBe("in-process");
    await first;
    // Retries would have come 1 ms apart: give them ample time to show up.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queued.count).toBe(1);
  });

  it("honours the delay before the first attempt", async () => {
    const started = Date.now();
    register(async () => Date.now());
    const ranAt = await enqueueAndWait<typeof MAINTENANCE_QUEUE, typeof DAILY_MAINTENANCE_JOB, number>(
      MAINTENANCE_QUEUE,
      DAILY_MAINTENANCE_JOB,
      {},
      { delay: 60 },
    );
    expect(ranAt - started).toBeGreaterThanOrEqual(55);
  });

  it("stopping cuts a pending retry short, and the waiting caller hears of it", async () => {
    const calls = register(async () => {
      throw new Error("expected failure (test)");
    });
    const waiting = enqueueAndWait(
      MAINTENANCE_QUEUE,
      DAILY_MAINTENANCE_JOB,
      {},
      {
        attempts: 5,
        backoff: { type: "fixed", delay: 60_000 },
      },
    );
    const outcome = waiting.then(
      () => "resolved",
      (error: Error) => error.message,
    );
    while (calls.count < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    const stoppedAt = Date.now();
    await stopInProcessRuns();
    expect(await outcome).toMatch(/in-process jobs stopped/);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(calls.count).toBe(1);
  });
});
