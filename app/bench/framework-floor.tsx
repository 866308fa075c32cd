// The benchmark's *framework floor* (tests/bench/run.ts, docs/performance.md): a bare Remix route
// (registered in remix.config.js as /bench-floor/:screen, outside app/routes)
// that runs the same SQL as a list screen's loader (recorded by tests/bench/capture.ts into the file
// BENCH_FRAMEWORK_FLOOR names) and renders the first 50 rows as plain elements — no session, no
// shell, no Radix component, no formatting. What a list page costs above it is our code; what it
// costs above the bare node:http floor is Express + Remix + React. Without BENCH_FRAMEWORK_FLOOR
// (production) every request is a 404.
import fs from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getDb } from "~/utils/db.server";

type Statement = { sql: string; params: unknown[] };
let statements: Record<string, { statements: Statement[] }> | null = null;

export async function loader({ params }: LoaderFunctionArgs) {
  const file = process.env.BENCH_FRAMEWORK_FLOOR;
  if (!file) throw new Response("Not Found", { status: 404 });
  statements ??= JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, { statements: Statement[] }>;
  const screen = statements[params.screen ?? ""];
  if (!screen?.statements.length) throw new Response("Not Found", { status: 404 });
  // The drizzle database's postgres.js client (the bench runs on PostgreSQL).
  const client = (await getDb()) as unknown as {
    $client: { unsafe: (sql: string, params: never[]) => Promise<unknown> };
  };
  const results = await Promise.all(
    screen.statements.map(
      (s) => client.$client.unsafe(s.sql, s.params as never[]) as Promise<Record<string, unknown>[]>,
    ),
  );
  // The statement with the most rows is the list; the others (counts, stats) are summed up as a figure.
  const rows = results.reduce<Record<string, unknown>[]>((a, b) => (b.length > a.length ? b : a), []).slice(0, 50);
  return { screen: params.screen ?? "", rows, other: results.length - 1 };
}

const text = (value: unknown) =>
  value == null ? "" : value instanceof Date ? value.toISOString() : typeof value === "object" ? "…" : String(value);

export default function BenchFloor() {
  const { screen, rows } = useLoaderData<typeof loader>();
  const columns = rows.length ? Object.keys(rows[0]) : [];
  return (
    <main>
      <h1>{screen}</h1>
      <table>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>{text((row as Record<string, unknown>)[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
