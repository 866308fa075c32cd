// The "floor": the least a server can do to answer a list screen — a bare node:http handler that
// runs the SAME statements the screen's route loader sends (recorded by tests/bench/capture.ts and
// passed in the file FLOOR_STATEMENTS names) through postgres.js, all at once, and prints the list's
// rows with a plain string template: the rows of the statement that returned the most, one cell per
// column. No framework, no session, no React. Started by run.ts as its own process.
//   GET /<screen>   the HTML page   GET /api-<screen>   the /api list's rows as JSON   GET /healthz   ok
import fs from "node:fs";
import http from "node:http";
import postgres from "postgres";
import { SESSION_SETTINGS } from "../../db/client.server";

type Statement = { sql: string; params: unknown[] };
const screens = JSON.parse(fs.readFileSync(process.env.FLOOR_STATEMENTS ?? "", "utf8")) as Record<
  string,
  { statements: Statement[] }
>;
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
const cell = (value: unknown) =>
  value == null ? "" : value instanceof Date ? value.toISOString() : typeof value === "object" ? "…" : esc(value);

function renderPage(screen: string, rows: Record<string, unknown>[], figures: unknown[]) {
  const columns = rows.length ? Object.keys(rows[0]) : [];
  const body = rows
    .slice(0, 50)
    .map((row) => {
      const [first, ...rest] = columns;
      const link = `<a href="/${screen}/${esc(row.id)}">${cell(row[first])}</a>`;
      return `<tr><td>${link}</td>${rest.map((c) => `<td>${cell(row[c])}</td>`).join("")}</tr>`;
    })
    .join("\n");
  return `<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>${esc(screen)}</title></head><body>
<h1>${esc(screen)}</h1>
<p>${figures.map(esc).join(" · ")}</p>
<table><thead><tr>${columns.map((c) => `<th>${esc(c)}</th>`).join("")}</tr></thead>
<tbody>${body}</tbody></table>
</body></html>`;
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://floor");
    if (url.pathname === "/healthz") {
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
      return;
    }
    const screen = screens[url.pathname.slice(1)];
    if (!screen) {
      res.writeHead(404).end();
      return;
    }
    const results = await Promise.all(
      screen.statements.map((s) =>
        sql.unsafe<Record<string, unknown>[]>(s.sql, s.params as never[], { prepare: true }),
      ),
    );
    const list = results.reduce<Record<string, unknown>[]>((a, b) => (b.length > a.length ? b : a), []);
    // The other statements' first values (counts, sums) are printed as figures above the table.
    const figures = results.filter((r) => r !== list).map((r) => (r[0] ? Object.values(r[0])[0] : ""));
    // An /api list's floor answers its rows as JSON, with the count in a header as the API does.
    if (url.pathname.startsWith("/api-")) {
      const body = JSON.stringify(list);
      res.writeHead(200, {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
        "X-Total-Count": String(figures[0] ?? ""),
      });
      res.end(body);
      return;
    }
    const html = renderPage(url.pathname.slice(1), list, figures);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
    res.end(html);
  } catch (error) {
    console.error(error);
    res.writeHead(500, { "Content-Type": "text/plain" }).end("error");
  }
});

server.listen(port, "127.0.0.1", () => console.log(`floor listening on http://127.0.0.1:${port}`));

const stop = () => {
  server.close(() => void sql.end({ timeout: 2 }).then(() => process.exit(0)));
  server.closeIdleConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
