// `npm run bench:html`: the bytes of each list screen's HTML (goal 2 of issue 16: a 50-row list
// ≤ 40 KB uncompressed) and where they go — the rows (<tbody>), the row menus inside them, the
// loader data repeated for hydration, the Remix manifest and module scripts, the rest (shell,
// header, filters). Byte counts do not depend on the machine's load: no timing here.
//
// Production build (rebuilt when stale), the app on a spare port, signed in as owner, first page of
// each list. Database: BENCH_REUSE_DB=<name> (e.g. cab_large) or a scratch one loaded with the
// large data set (tests/bench/lib.ts benchDatabase). BENCH_SCREENS=customers,jobs limits the screens;
// BENCH_HTML_DUMP=<dir> writes each page's HTML there.
import fs from "node:fs";
import path from "node:path";
import {
  benchDatabase,
  buildIfStale,
  freePort,
  markdownTable,
  localRedisUrl,
  startChild,
  stopChild,
  waitForHttp,
  appServerArgs,
} from "./lib";

const PATHS: Record<string, string> = {
  customers: "/customers",
  jobs: "/jobs",
  quotes: "/quotes",
  invoices: "/invoices",
  tasks: "/tasks",
  schedule: "/schedule",
  inbox: "/inbox",
  photos: "/photos",
  inventory: "/inventory",
};
const GOAL = 40 * 1024;

const kb = (n: number) => (n / 1024).toFixed(1);

/** Sum of the lengths of every match of `re` in `html`. */
const bytesOf = (html: string, re: RegExp) =>
  [...html.matchAll(re)].reduce((sum, m) => sum + Buffer.byteLength(m[0]), 0);

export function breakdown(html: string) {
  const total = Buffer.byteLength(html);
  const rows = bytesOf(html, /<tbody[\s\S]*?<\/tbody>/g);
  // A row's menu: the <details> menu of old, or today's ⋯ link (app/components/data-table.tsx).
  const menus =
    bytesOf(html, /<details class="row-menu"[\s\S]*?<\/details>/g) +
    bytesOf(html, /<a [^>]*aria-expanded="false"[^>]*>[^<]*<\/a>/g);
  const scripts = [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0]);
  const hydration = scripts
    .filter((s) => s.includes("__remixContext"))
    .reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  const framework =
    scripts.filter((s) => !s.includes("__remixContext")).reduce((sum, s) => sum + Buffer.byteLength(s), 0) +
    bytesOf(html, /<link rel="(?:modulepreload|stylesheet)"[^>]*>/g);
  return { total, rows, menus, hydration, scripts: framework, rest: total - rows - hydration - framework };
}

async function signIn(baseUrl: string) {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ username: "owner", password: "cabinets2026", redirectTo: "/customers" }),
    headers: { Origin: baseUrl },
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(";")[0];
}

async function main() {
  const wanted = process.env.BENCH_SCREENS?.split(",").map((s) => s.trim());
  const keys = Object.keys(PATHS).filter((k) => !wanted || wanted.includes(k));
  const db = await benchDatabase("cab_html");
  const redisUrl = await localRedisUrl();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: db.url,
    SESSION_SECRET: "bench-session-secret-0123456789",
    BUSINESS_TIME_ZONE: process.env.BUSINESS_TIME_ZONE ?? "America/New_York",
    ...(redisUrl ? { REDIS_URL: redisUrl, QUEUE_PREFIX: `cabhtml-${db.name}` } : {}),
  };
  let app: ReturnType<typeof startChild> | undefined;
  try {
    await buildIfStale(env);
    app = startChild(
      process.execPath,
      appServerArgs(),
      { ...env, NODE_ENV: "production", PORT: String(port), APP_URL: baseUrl, LOG_REQUESTS: "0" },
      "app",
    );
    await waitForHttp(`${baseUrl}/healthz`, app);
    const cookie = await signIn(baseUrl);
    const dump = process.env.BENCH_HTML_DUMP;
    if (dump) fs.mkdirSync(dump, { recursive: true });
    const rows: (string | number)[][] = [];
    for (const key of keys) {
      const res = await fetch(`${baseUrl}${PATHS[key]}`, { headers: { Cookie: cookie, Accept: "text/html" } });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${PATHS[key]}: ${res.status}`);
      if (dump) fs.writeFileSync(path.join(dump, `${key}.html`), html);
      const b = breakdown(html);
      rows.push([
        `\`${PATHS[key]}\``,
        kb(b.total),
        kb(b.rows),
        kb(b.menus),
        kb(b.hydration),
        kb(b.scripts),
        kb(b.rest),
        b.total <= GOAL ? "yes" : "no",
      ]);
    }
    console.log(
      markdownTable(
        [
          "Screen",
          "HTML KB",
          "rows (tbody)",
          "of which menus",
          "hydration data",
          "manifest/scripts/links",
          "rest",
          "≤ 40 KB",
        ],
        rows,
      ),
    );
  } finally {
    await stopChild(app);
    await db.drop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
