// Two web processes behind one port, as `npm start` runs them with Redis and PostgreSQL
// (app/utils/web-processes.server.ts, docs/decisions/web-processes.md), on a server of this file's
// own (tests/setup/own-server.ts): a settings save in one process shows on every next page whichever
// process answers it, a web process that dies is replaced, and SIGTERM stops them all.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOwnServer, type OwnServer } from "../setup/own-server";
import { RELAY_WAIT_MS } from "~/utils/web-processes.server";

let server: OwnServer;
let cookie: string;

/** The primary's child processes (Linux /proc). */
function children(pid: number): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
}

async function until<T>(what: string, probe: () => T | Promise<T>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const page = (path: string) =>
  fetch(`${server.baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" }).then(async (r) => ({
    status: r.status,
    // Without React's <!-- --> between neighbouring text parts.
    html: (await r.text()).replaceAll("<!-- -->", ""),
  }));

/** The System tab's "Today is …" date, written in the date format the answering process holds. */
const today = async () => /Today is ([^<]*) in the business time zone/.exec((await page("/settings/system")).html)?.[1];

/** Saves Settings → System's date format; how long the save took to answer, in ms. */
async function saveSystem(dateFormat: string) {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/settings/system`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.baseUrl },
    body: new URLSearchParams({
      dateFormat,
      timeFormat: "12",
      timeZone: "America/New_York",
      measurementUnit: "imperial",
      lowStockThreshold: "10",
      quoteValidDays: "30",
    }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return performance.now() - started;
}

beforeAll(async () => {
  server = await startOwnServer("webprocs", { webProcesses: 2 });
  const login = await fetch(`${server.baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ username: "owner", password: "cabinets2026" }),
    headers: { Origin: server.baseUrl },
    redirect: "manual",
  });
  cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))!
    .split(";")[0];
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("several web processes on one port", () => {
  it("answers a settings save once the other process has forgotten, not at the relay's time limit", async () => {
    // The save is made in the Remix bundle's copy of the module and answered by the handler the
    // server entry's copy registered: a wait kept per copy was never resolved and ran out its bound.
    await until("two web processes", () => children(server.pid).length === 2);
    expect(await saveSystem("MM/DD/YYYY")).toBeLessThan(RELAY_WAIT_MS);
  });

  it("runs two web processes under the primary", async () => {
    await until("two web processes", () => children(server.pid).length === 2);
    expect((await page("/healthz")).status).toBe(200);
  });

  it("shows a settings save on every next page, whichever process answers", async () => {
    // Both processes have cached the settings (the root loader reads them on every page).
    for (let i = 0; i < 10; i++) expect(await today()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await saveSystem("YYYY-MM-DD");
    // The page's dates follow at once in both processes (a process that kept its cached settings
    // would write "Nov 29, 2026" for up to 5 s).
    for (let i = 0; i < 20; i++) expect(await today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await saveSystem("MM/DD/YYYY");
    for (let i = 0; i < 20; i++) expect(await today()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  it("replaces a web process that dies and keeps answering", async () => {
    const [victim] = children(server.pid);
    process.kill(victim, "SIGKILL");
    await until("a new web process", () => {
      const now = children(server.pid);
      return now.length === 2 && !now.includes(victim);
    });
    for (let i = 0; i < 6; i++) expect((await page("/healthz")).status).toBe(200);
  });

  it("stops every web process on SIGTERM", async () => {
    const workers = children(server.pid);
    process.kill(server.pid, "SIGTERM");
    await until("the primary to exit", () => !fs.existsSync(`/proc/${server.pid}`), 20_000);
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  });
});
