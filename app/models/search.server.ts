// Universal search (spec §2, §5; issue 14 item 6; docs/decisions/search.md): customers, jobs,
// quotes and invoices by case-insensitive substring on trigram indexes. A customer's name also
// finds her jobs, quotes and invoices. Only the types the role may open are searched, so the cap
// of 8 applies after the role filter.
import { sql, type SQL } from "drizzle-orm";
import { rows, type Executor } from "../../db/client.server";
import { can, type Role } from "../utils/permissions";
import { containsPattern } from "../utils/search.server";

export const SEARCH_LIMIT = 8;
export const SEARCH_TYPES = ["Customer", "Job", "Quote", "Invoice"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export type SearchResult = {
  type: SearchType;
  id: number;
  title: string;
  subtitle: string;
  status?: string;
  href: string;
};

const AREA = { Customer: "customers", Job: "jobs", Quote: "quotes", Invoice: "invoices" } as const;
/** Each type's list: a record is `<list>/<id>`; the list's own search finds every match, paged. */
const LIST = { Customer: "/customers", Job: "/jobs", Quote: "/quotes", Invoice: "/invoices" } as const;

/** The list of a type searched for `q` (the same fields as here, a document's customer name included). */
export function listSearchHref(type: SearchType, q: string) {
  return `${LIST[type]}?${new URLSearchParams({ search: q.trim() })}`;
}

type Row = { id: number; title: string; subtitle: string | null; status: string | null };

/** The types a role may open, in the order results are shown. */
export function searchTypesFor(role: Role): SearchType[] {
  return SEARCH_TYPES.filter((type) => can(role, AREA[type]));
}

/**
 * A document (job, quote, invoice) matching on its own columns or on its customer's name: two
 * index-served halves (the table's trigram indexes; customers' name index, then the customer's
 * rows by their customer index), newest first, at most 8.
 */
function documents(table: SQL, own: SQL, columns: SQL, pattern: string): SQL {
  return sql`select id, title, subtitle, status from (
      (select ${columns}, d.created_at from ${table} d join customers c on c.id = d.customer_id
        where ${own} order by d.created_at desc limit ${SEARCH_LIMIT})
      union
      (select ${columns}, d.created_at from customers c join ${table} d on d.customer_id = c.id
        where c.name ilike ${pattern} order by d.created_at desc limit ${SEARCH_LIMIT})
    ) found order by created_at desc, id desc limit ${SEARCH_LIMIT}`;
}

export async function universalSearch(db: Executor, query: string, role: Role): Promise<SearchResult[]> {
  const term = query.trim().slice(0, 200);
  if (!term) return [];
  const pattern = containsPattern(term);
  // "#12" or "12" also finds job 12 (spec §5: search matches the id too).
  const idMatch = /^#?(\d{1,9})$/.exec(term);
  const id = idMatch ? Number(idMatch[1]) : null;
  const types = searchTypesFor(role);

  const queries: Record<SearchType, () => Promise<Row[]>> = {
    // Deduplicated by lower-cased name (spec §5): the newest of the same name is kept.
    Customer: () =>
      rows<Row>(
        db,
        sql`select id, title, subtitle, status from (
              select distinct on (lower(name)) id, name as title,
                coalesce(email, phone, city, '') as subtitle, null::text as status, created_at
              from customers
              where name ilike ${pattern} or email ilike ${pattern} or phone ilike ${pattern} or city ilike ${pattern}
              order by lower(name), created_at desc
              limit 200) named
            order by (title ilike ${pattern.slice(1)}) desc, title asc
            limit ${SEARCH_LIMIT}`,
      ),
    Job: () =>
      rows<Row>(
        db,
        documents(
          sql`jobs`,
          id ? sql`d.title ilike ${pattern} or d.id = ${id}` : sql`d.title ilike ${pattern}`,
          sql`d.id, '#' || d.id || ' ' || d.title as title, c.name as subtitle, d.status`,
          pattern,
        ),
      ),
    Quote: () =>
      rows<Row>(
        db,
        documents(
          sql`quotes`,
          sql`d.title ilike ${pattern} or d.quote_number ilike ${pattern}`,
          sql`d.id, d.quote_number || ' · ' || d.title as title, c.name as subtitle, d.status`,
          pattern,
        ),
      ),
    Invoice: () =>
      rows<Row>(
        db,
        documents(
          sql`invoices`,
          sql`d.title ilike ${pattern} or d.invoice_number ilike ${pattern}`,
          sql`d.id, d.invoice_number || ' · ' || d.title as title, c.name as subtitle, d.status`,
          pattern,
        ),
      ),
  };
  const found = await Promise.all(types.map((type) => queries[type]()));
  const byType = types.map((type, i) =>
    found[i].map<SearchResult>((r) => ({
      type,
      id: Number(r.id),
      title: r.title,
      subtitle: r.subtitle || (type === "Customer" ? "No contact details" : "Unknown"),
      status: r.status ?? undefined,
      href: `${LIST[type]}/${r.id}`,
    })),
  );
  return pickRoundRobin(byType, SEARCH_LIMIT);
}

/**
 * Up to `limit` results taking one of each type in turn, so a customer's name shows her and her
 * job, quote and invoice rather than eight namesakes; shown grouped by type.
 */
export function pickRoundRobin<T>(groups: T[][], limit: number): T[] {
  const taken = groups.map(() => 0);
  let total = 0;
  for (let round = 0; total < limit; round++) {
    let any = false;
    for (let g = 0; g < groups.length && total < limit; g++) {
      if (round < groups[g].length) {
        taken[g]++;
        total++;
        any = true;
      }
    }
    if (!any) break;
  }
  return groups.flatMap((group, g) => group.slice(0, taken[g]));
}
