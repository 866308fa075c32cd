// The Photos page's "floor" (tests/bench/photos.ts): a bare node:http handler that runs the SAME
// statements listPhotos sends for a target (captured from drizzle by photos.ts and passed in
// PHOTO_FLOOR_QUERIES, keyed by target) through postgres.js, and prints 24 cards with a string
// template. No framework, no session, no React. Its own process, like tests/bench/floor.ts.
import http from "node:http";
import postgres from "postgres";
import { SESSION_SETTINGS } from "../../db/client.server";

type Statement = { sql: string; params: unknown[] };
const queries = JSON.parse(process.env.PHOTO_FLOOR_QUERIES ?? "null") as Record<string, Statement[]>;
if (!queries) throw new Error("PHOTO_FLOOR_QUERIES is required");
const port = Number(process.env.FLOOR_PORT ?? 0);

// Same pool size and statement mode as the app's client (drizzle's sql.unsafe(text, params), made a
// named prepared statement per connection by db/client.server.ts).
const sql = postgres(process.env.DATABASE_URL!, {
  connection: SESSION_SETTINGS,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  onnotice: () => {},
});

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);

function card(row: Record<string, unknown>) {
  const values = Object.values(row);
  const id = values[0];
  const tags = values.find(Array.isArray) as string[] | undefined;
  return (
    `<li class="photo-card"><a href="/photos/${esc(id)}"><img src="/photo-files/${esc(id)}/thumb" alt="" ` +
    `loading="lazy" width="400" height="300"></a><p>${esc(values[3] ?? values[2])}</p>` +
    `<p>${(tags ?? [])
      .slice(0, 3)
      .map((t) => `<span class="tag">${esc(t)}</span>`)
      .join("")}</p></li>`
  );
}

const server = http.createServer(async (req, res) => {
  if (req.url === "/healthz") return void res.end("ok");
  const key = new URL(req.url ?? "/", "http://x").searchParams.get("q") ?? "list";
  const statements = queries[key];
  if (!statements) return void res.writeHead(404).end();
  try {
    const [rows, count] = await Promise.all(
      statements.map((s) =>
        sql.unsafe(s.sql, s.params as postgres.ParameterOrJSON<never>[], { prepare: true }).values(),
      ),
    );
    const total = Number(count?.[0]?.[0] ?? 0);
    const cards = rows.map((r) => card(Object.fromEntries(r.map((v, i) => [i, v])))).join("");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>Photos</title></head><body><h1>Photos</h1>` +
        `<p>${total.toLocaleString("en-US")} photos</p><ul class="photo-grid">${cards}</ul></body></html>`,
    );
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(port, "127.0.0.1", () => console.log(`photo floor on ${port}`));
process.on("SIGTERM", () => server.close(() => void sql.end().then(() => process.exit(0))));
