// The "floor": the least a server can do to answer the Customers list — a bare node:http handler
// that runs the SAME two statements listCustomers sends (captured from drizzle by run.ts and passed
// in FLOOR_QUERIES) through postgres.js, and prints the rows with a plain string template.
// No framework, no session, no React. Started by run.ts as its own process.
import http from "node:http";
import postgres from "postgres";

type Param = { k: "pattern" | "limit" | "offset" } | { v: unknown };
type Statement = { sql: string; params: Param[] };
type Queries = { list: { rows: Statement; count: Statement }; search: { rows: Statement; count: Statement } };

const queries = JSON.parse(process.env.FLOOR_QUERIES ?? "null") as Queries;
if (!queries) throw new Error("FLOOR_QUERIES is required");
const port = Number(process.env.FLOOR_PORT ?? 0);
const PAGE_SIZE = 50;

// Same pool size and statement mode as the app's client (drizzle calls sql.unsafe(text, params)).
const sql = postgres(process.env.DATABASE_URL!, {
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  onnotice: () => {},
});

/** Same escaping as containsPattern() in app/models/customer.server.ts. */
function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function bind(statement: Statement, values: { pattern?: string; limit: number; offset: number }) {
  return statement.params.map((p) => ("k" in p ? values[p.k] : p.v)) as postgres.ParameterOrJSON<never>[];
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: process.env.BUSINESS_TIME_ZONE || "America/New_York",
});
const number = new Intl.NumberFormat("en-US");

type Row = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  notes: string | null;
  created_at: Date;
};

function renderRow(c: Row, query: string) {
  const location = [c.city, [c.state, c.zip_code].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const notes = c.notes ? `<div class="truncate" title="${esc(c.notes)}">${esc(c.notes)}</div>` : "";
  const phone = c.phone ? esc(c.phone) : `<span class="muted">No phone listed</span>`;
  const email = c.email ? `<div>${esc(c.email)}</div>` : "";
  const edit = `<a href="/customers/${c.id}/edit${query}" aria-label="Edit ${esc(c.name)}">Edit</a>`;
  const del = `<a href="/customers/${c.id}/delete${query}" aria-label="Delete ${esc(c.name)}">Delete</a>`;
  return `<tr data-testid="customer-row">
<td><a href="/customers/${c.id}"><strong>${esc(c.name)}</strong></a>${notes}</td>
<td><div>${phone}</div>${email}</td>
<td><div>${esc(c.address ?? "")}</div><div>${esc(location)}</div></td>
<td>${esc(dateFormat.format(c.created_at))}</td>
<td>${edit} ${del}</td>
</tr>`;
}

function renderPage(rows: Row[], total: number, page: number, search: string) {
  const keep = new URLSearchParams();
  if (search) keep.set("search", search);
  if (page > 1) keep.set("page", String(page));
  const query = keep.size ? `?${keep}` : "";
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  const head =
    "<tr><th>Customer Name</th><th>Contact Info</th><th>Location</th><th>Added</th>" +
    '<th><span class="visually-hidden">Actions</span></th></tr>';
  const searchForm =
    `<form method="get" role="search"><input type="search" name="search" value="${esc(search)}" ` +
    'aria-label="Search customers"><button>Search</button></form>';
  const paging =
    pages > 1
      ? `<p>Showing ${number.format(first)}–${number.format(last)} of ${number.format(total)} · ` +
        `Page ${page} of ${pages}</p>`
      : "";
  const body = rows.length
    ? `<table><thead>${head}</thead>
<tbody>${rows.map((r) => renderRow(r, query)).join("")}</tbody></table>`
    : `<p>${search ? "No customers found matching your search." : "No customers yet. Add your first customer!"}</p>`;
  const docHead = '<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8">';
  return `${docHead}<title>Customers · Cabinetry Jobs</title></head><body>
<h1>Customers</h1>
${searchForm}
<h2>All Customers <span data-testid="customer-count">${number.format(total)}</span></h2>
${body}
${paging}
</body></html>`;
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://floor");
    if (url.pathname === "/healthz") {
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
      return;
    }
    if (url.pathname !== "/customers") {
      res.writeHead(404).end();
      return;
    }
    const search = (url.searchParams.get("search") ?? "").slice(0, 200).trim();
    const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
    const values = {
      pattern: search ? containsPattern(search) : undefined,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    };
    const q = search ? queries.search : queries.list;
    const [rows, [{ count }]] = await Promise.all([
      sql.unsafe<Row[]>(q.rows.sql, bind(q.rows, values)),
      sql.unsafe<{ count: string }[]>(q.count.sql, bind(q.count, values)),
    ]);
    const html = renderPage(rows, Number(count), page, search);
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
