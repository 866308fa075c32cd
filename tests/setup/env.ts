// Runs in every test worker: points the app's modules at this run's database, Redis and server.
import { inject } from "vitest";

// The browser files share a worker (isolate: false, tests/vitest.config.ts): each file starts from
// the environment the worker started with, whatever the file before it set (an SMTP server of its own).
const scope = globalThis as { workerEnv?: NodeJS.ProcessEnv };
scope.workerEnv ??= { ...process.env };
for (const name of Object.keys(process.env)) if (!(name in scope.workerEnv)) delete process.env[name];
Object.assign(process.env, scope.workerEnv);

process.env.DATABASE_URL = inject("databaseUrl");
process.env.REDIS_URL = inject("redisUrl");
process.env.QUEUE_PREFIX = inject("queuePrefix");
process.env.SESSION_SECRET ??= "test-session-secret-0123456789";
process.env.BUSINESS_TIME_ZONE ??= "America/New_York";
// Same key as the server under test (global-setup), so a worker started by a test can decrypt.
process.env.EMAIL_SECRET_KEY ??= "dGVzdC1lbWFpbC1zZWNyZXQta2V5LTMyLWJ5dGVzISE=";
// The run's Dovecot (global-setup): the app's IMAP client connects there instead of the presets.
process.env.IMAP_HOST = "127.0.0.1";
process.env.IMAP_PORT = String(inject("imapPort"));
process.env.IMAP_SECURE = "false";
// The run's photo store (global-setup), shared with the server under test.
process.env.PHOTOS_DIR = inject("photosDir");
