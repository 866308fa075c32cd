import { sql } from "drizzle-orm";
import { rows, type Executor } from "../../db/client.server";
import { containsPattern } from "../utils/search.server";

/** Headline figures for Home, computed from the database in one round trip (never sample numbers). */
export async function homeFigures(db: Executor, today: string) {
  const [figures] = await rows<{
    customers: number;
    active_jobs: number;
    pending_quotes: number;
    overdue_invoices: number;
    outstanding: string;
  }>(
    db,
    sql`select
      (select count(*) from customers)::int as customers,
      (select count(*) from jobs where status in ('quoted', 'approved', 'in-progress'))::int as active_jobs,
      (select count(*) from quotes where status = 'sent')::int as pending_quotes,
      (select count(*) from invoices
        where status not in ('paid', 'cancelled', 'draft') and balance > 0 and due_date < ${today}::date)::int
        as overdue_invoices,
      (select coalesce(sum(balance), 0)::numeric(14,2)::text from invoices where status <> 'cancelled') as outstanding`,
  );
  return {
    customers: Number(figures.customers),
    activeJobs: Number(figures.active_jobs),
    pendingQuotes: Number(figures.pending_quotes),
    overdueInvoices: Number(figures.overdue_invoices),
    outstanding: figures.outstanding,
  };
}

const SEARCH_LIMIT = 8;

export type SearchResult = {
  type: "Customer" | "Job" | "Quote";
  id: number;
  title: string;
  subtitle: string;
  status?: string;
  href: string;
};

/** Universal search (spec §2): customers, jobs and quotes; at most 8 results. */
export async function universalSearch(db: Executor, query: string): Promise<SearchResult[]> {
  const term = query.trim();
  if (!term) return [];
  const pattern = containsPattern(term);
  const found = await rows<{ type: string; id: number; title: string; subtitle: string | null; status: string | null }>(
    db,
    sql`(select 'Customer' as type, id, name as title, coalesce(email, phone, city, '') as subtitle,
                null::text as status
         from customers
         where name ilike ${pattern} or email ilike ${pattern} or phone ilike ${pattern} or city ilike ${pattern}
         order by name limit ${SEARCH_LIMIT})
        union all
        (select 'Job', j.id, j.title, c.name, j.status from jobs j join customers c on c.id = j.customer_id
         where j.title ilike ${pattern} order by j.created_at desc limit ${SEARCH_LIMIT})
        union all
        (select 'Quote', q.id, q.quote_number || ' · ' || q.title, c.name, q.status
         from quotes q join customers c on c.id = q.customer_id
         where q.title ilike ${pattern} or q.quote_number ilike ${pattern}
         order by q.created_at desc limit ${SEARCH_LIMIT})`,
  );
  // Customers deduplicated by lower-cased name (spec §5).
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const r of found) {
    if (r.type === "Customer") {
      const key = r.title.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const type = r.type as SearchResult["type"];
    const href = type === "Customer" ? `/customers/${r.id}` : type === "Job" ? `/jobs/${r.id}` : `/quotes/${r.id}`;
    results.push({
      type,
      id: Number(r.id),
      title: r.title,
      subtitle: r.subtitle ?? "",
      status: r.status ?? undefined,
      href,
    });
    if (results.length >= SEARCH_LIMIT) break;
  }
  return results;
}
