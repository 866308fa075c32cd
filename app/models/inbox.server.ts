// The Inbox's records: listing, reading, marking read and deleting synced e-mails, and linking an
// incoming message to a customer (by address) and a job (by a quote or invoice number or a job
// reference in the subject). IMAP itself lives in inbox-sync.server.ts.
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { customers, emails, invoices, jobs, quotes } from "../../db/schema";
import { safeEmailHtml } from "../utils/email-html.server";
import { containsPattern } from "../utils/search.server";
import { forgetEverywhere, onForget } from "../utils/web-processes.server";

export type InboxFilter = { search?: string; unread?: boolean; limit: number; offset: number };

const listColumns = {
  id: emails.id,
  subject: emails.subject,
  fromEmail: emails.fromEmail,
  fromName: emails.fromName,
  snippet: emails.snippet,
  receivedAt: emails.receivedAt,
  isRead: emails.isRead,
  hasAttachments: emails.hasAttachments,
  customerId: emails.customerId,
  customerName: customers.name,
  jobId: emails.jobId,
  jobTitle: jobs.title,
};

function filterWhere(filter: Pick<InboxFilter, "search" | "unread">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.unread) conditions.push(eq(emails.isRead, false));
  const term = filter.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(
      or(ilike(emails.subject, pattern), ilike(emails.fromEmail, pattern), ilike(emails.fromName, pattern)) as SQL,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first; a message without a date sorts first (it is as new as we know). */
export async function listEmails(db: Executor, filter: InboxFilter) {
  const where = filterWhere(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...listColumns, bodyStart: sql<string | null>`left(${emails.bodyText}, 80)` })
      .from(emails)
      .leftJoin(customers, eq(customers.id, emails.customerId))
      .leftJoin(jobs, eq(jobs.id, emails.jobId))
      .where(where)
      .orderBy(sql`${emails.receivedAt} desc nulls first`, desc(emails.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(emails).where(where),
  ]);
  return { rows, total };
}

/** The newest e-mails linked to a customer or a job (their detail pages). */
// The e-mails of a customer's or a job's page, read on every visit: built once per link column, run
// prepared (db/client.server.ts reusableStatement, docs/decisions/prepared-statements.md).
function linkedEmailStatements(name: string, column: typeof emails.customerId | typeof emails.jobId) {
  return {
    rows: reusableStatement(`${name}_emails`, (db) =>
      db
        .select({
          id: emails.id,
          subject: emails.subject,
          fromEmail: emails.fromEmail,
          fromName: emails.fromName,
          receivedAt: emails.receivedAt,
          isRead: emails.isRead,
        })
        .from(emails)
        .where(eq(column, sql.placeholder("id")))
        .orderBy(sql`${emails.receivedAt} desc nulls first`, desc(emails.id))
        .limit(sql.placeholder("limit")),
    ),
    total: reusableStatement(`${name}_emails_total`, (db) =>
      db
        .select({ total: count() })
        .from(emails)
        .where(eq(column, sql.placeholder("id"))),
    ),
  };
}
const customerEmails = linkedEmailStatements("customer", emails.customerId);
const jobEmails = linkedEmailStatements("job", emails.jobId);

export async function linkedEmails(db: Executor, link: { customerId: number } | { jobId: number }, limit = 10) {
  const [statements, id] = "customerId" in link ? [customerEmails, link.customerId] : [jobEmails, link.jobId];
  const [rows, [{ total }]] = await Promise.all([statements.rows(db, { id, limit }), statements.total(db, { id })]);
  return { rows, total };
}

export type InboxListRow = Awaited<ReturnType<typeof listEmails>>["rows"][number];

export async function unreadCount(db: Executor) {
  const cache = unreadCache();
  const generation = cache.generation;
  const [{ n }] = await db.select({ n: count() }).from(emails).where(eq(emails.isRead, false));
  // A change that happened while counting makes this figure stale: do not remember it.
  if (cache.generation === generation) cache.value = { n, at: Date.now() };
  return n;
}

// The sidebar shows the unread count on every page; counting tens of thousands of unread rows per
// page view is wasted work, so it is remembered for a few seconds per process. Changes made here
// (read, unread, delete, sync, reply) forget it at once, in this machine's other web processes too;
// the worker's and other machines' changes show within the TTL.
const UNREAD_TTL_MS = 10_000;
const unreadKey = Symbol.for("cabinetry.inbox.unread");
type UnreadCache = { value?: { n: number; at: number }; generation: number };

function unreadCache(): UnreadCache {
  const g = globalThis as typeof globalThis & { [unreadKey]?: UnreadCache };
  return (g[unreadKey] ??= { generation: 0 });
}

/** Forgets the count here and in the sibling web processes (forgetEverywhere; resolves when they have). */
export function forgetUnreadCount() {
  return forgetEverywhere("inbox-unread");
}

onForget("inbox-unread", () => {
  const cache = unreadCache();
  cache.value = undefined;
  cache.generation += 1;
});

export async function cachedUnreadCount(db: Executor) {
  const cached = unreadCache().value;
  if (cached && Date.now() - cached.at < UNREAD_TTL_MS) return cached.n;
  return unreadCount(db);
}

/** Full records (bodies included) in the order of `ids`. */
export async function getEmails(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  const found = await db
    .select({ email: emails, customerName: customers.name, jobTitle: jobs.title })
    .from(emails)
    .leftJoin(customers, eq(customers.id, emails.customerId))
    .leftJoin(jobs, eq(jobs.id, emails.jobId))
    .where(inArray(emails.id, ids));
  const byId = new Map(
    found.map((row) => [row.email.id, { ...row.email, customerName: row.customerName, jobTitle: row.jobTitle }]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getEmail(db: Executor, id: number) {
  const [email] = await getEmails(db, [id]);
  return email ?? null;
}

export type InboxEmail = NonNullable<Awaited<ReturnType<typeof getEmail>>>;

/** Returns false when there is no such e-mail. */
export async function setEmailRead(db: Executor, id: number, isRead: boolean) {
  const updated = await db
    .update(emails)
    .set({ isRead, updatedAt: new Date() })
    .where(eq(emails.id, id))
    .returning({ id: emails.id });
  forgetUnreadCount();
  return updated.length > 0;
}

export async function deleteEmail(db: Executor, id: number) {
  const deleted = await db.delete(emails).where(eq(emails.id, id)).returning({ id: emails.id });
  forgetUnreadCount();
  return deleted.length > 0;
}

// ---------------------------------------------------------------- linking

/** Quote and invoice numbers as the app makes them (Q-2026-0001, INV-2026-0001) and "Job #12". */
const QUOTE_NUMBER = /\bQ-\d{4}-\d{4,}\b/gi;
const INVOICE_NUMBER = /\bINV-\d{4}-\d{4,}\b/gi;
const JOB_REFERENCE = /\bJob\s*#\s*(\d{1,9})\b/gi;

export function subjectReferences(subject: string | null | undefined) {
  const text = subject ?? "";
  const unique = (values: string[]) => [...new Set(values)];
  return {
    quoteNumbers: unique([...text.matchAll(QUOTE_NUMBER)].map((m) => m[0].toUpperCase())),
    invoiceNumbers: unique([...text.matchAll(INVOICE_NUMBER)].map((m) => m[0].toUpperCase())),
    jobIds: unique([...text.matchAll(JOB_REFERENCE)].map((m) => m[1])).map(Number),
  };
}

export type LinkInput = { subject: string | null; fromEmail: string | null; otherAddresses: string[] };
export type Links = { customerId: number | null; jobId: number | null };

/**
 * Links a batch of incoming messages in four queries, whatever the batch size. The customer is
 * the one whose e-mail is the sender's (else a recipient's, for mail copied to the shop); the job
 * is the one named in the subject (a job reference, else an invoice's or a quote's job). When no
 * address matches, the named job's or document's customer is used.
 */
export async function linkMessages(db: Executor, messages: LinkInput[], ownAddress: string): Promise<Links[]> {
  const own = ownAddress.toLowerCase();
  const refs = messages.map((m) => subjectReferences(m.subject));
  const addresses = [
    ...new Set(messages.flatMap((m) => [m.fromEmail ?? "", ...m.otherAddresses].map((a) => a.toLowerCase()))),
  ].filter((a) => a && a !== own);
  const quoteNumbers = [...new Set(refs.flatMap((r) => r.quoteNumbers))];
  const invoiceNumbers = [...new Set(refs.flatMap((r) => r.invoiceNumbers))];
  const jobIds = [...new Set(refs.flatMap((r) => r.jobIds))];

  const [customerRows, quoteRows, invoiceRows, jobRows] = await Promise.all([
    addresses.length
      ? db
          .select({ id: customers.id, email: sql<string>`lower(${customers.email})` })
          .from(customers)
          .where(inArray(sql`lower(${customers.email})`, addresses))
          .orderBy(customers.id)
      : [],
    quoteNumbers.length
      ? db
          .select({ number: quotes.quoteNumber, jobId: quotes.jobId, customerId: quotes.customerId })
          .from(quotes)
          .where(inArray(quotes.quoteNumber, quoteNumbers))
      : [],
    invoiceNumbers.length
      ? db
          .select({ number: invoices.invoiceNumber, jobId: invoices.jobId, customerId: invoices.customerId })
          .from(invoices)
          .where(inArray(invoices.invoiceNumber, invoiceNumbers))
      : [],
    jobIds.length
      ? db.select({ id: jobs.id, customerId: jobs.customerId }).from(jobs).where(inArray(jobs.id, jobIds))
      : [],
  ]);

  // Several customers may share an address (a couple, a company): the oldest record wins.
  const customerByAddress = new Map<string, number>();
  for (const c of customerRows) if (!customerByAddress.has(c.email)) customerByAddress.set(c.email, c.id);
  const quoteBy = new Map(quoteRows.map((q) => [q.number.toUpperCase(), q]));
  const invoiceBy = new Map(invoiceRows.map((i) => [i.number.toUpperCase(), i]));
  const jobBy = new Map(jobRows.map((j) => [j.id, j]));

  return messages.map((m, index) => {
    const r = refs[index];
    const fromCustomer = [m.fromEmail ?? "", ...m.otherAddresses]
      .map((a) => customerByAddress.get(a.toLowerCase()))
      .find((id) => id !== undefined);
    const job = r.jobIds.map((id) => jobBy.get(id)).find(Boolean);
    const invoice = r.invoiceNumbers.map((n) => invoiceBy.get(n)).find(Boolean);
    const quote = r.quoteNumbers.map((n) => quoteBy.get(n)).find(Boolean);
    const jobId = job?.id ?? invoice?.jobId ?? quote?.jobId ?? null;
    const customerId = fromCustomer ?? job?.customerId ?? invoice?.customerId ?? quote?.customerId ?? null;
    return { customerId, jobId };
  });
}

// ---------------------------------------------------------------- API shape

/** The /api shape of an e-mail: spec §3 fields plus link names; HTML always sanitised, remote images blocked. */
export function apiEmail(email: InboxEmail) {
  const { imapUid: _uid, createdAt: _c, updatedAt: _u, bodyHtml, ...rest } = email;
  return { ...rest, bodyHtml: bodyHtml ? safeEmailHtml(bodyHtml).html : null };
}
