import { z } from "zod";

/** An optional URL; set but empty (`DATABASE_URL=` in a shell or .env) is unset, as db/client.server.ts reads it. */
const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.string().url().optional());

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SESSION_SECRET: z.string().min(16).optional(),
  APP_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  DEMO: z.string().optional(),
  BUSINESS_TIME_ZONE: z.string().default("America/New_York"),
  /** Web processes on this machine (docs/decisions/web-processes.md): a number, or "auto" (one per core, at most 4, with Redis and PostgreSQL); unset: 1. */
  WEB_CONCURRENCY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)]).optional(),
  ),
  /** Proxies in front whose X-Forwarded-For entries are believed (fly.io: 1); 0 = none. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Validated environment; production refuses to start without its secrets. */
export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const value = parsed.data;
  if (value.NODE_ENV === "production" && !value.DEMO && !value.SESSION_SECRET) {
    throw new Error("SESSION_SECRET (at least 16 characters) is required in production");
  }
  cached = value;
  return value;
}

export function isDemo() {
  return Boolean(env().DEMO) || !env().DATABASE_URL;
}

/** Cookies are Secure when the app is served over https (always in a real deployment). */
export function servedOverHttps() {
  const url = env().APP_URL;
  if (url) return url.startsWith("https://");
  return env().NODE_ENV === "production" && !env().DEMO;
}
