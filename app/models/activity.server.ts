import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { reusableStatement, type Executor } from "../../db/client.server";
import { activityLog, jobs, users } from "../../db/schema";
import type { ActivityType } from "../utils/activity-types";
import { seesMoney, type Role } from "../utils/permissions";

export type ActivityInput = typeof activityLog.$inferInsert;

/** Actions write here; dashboards and detail pages read it (decisions §6). */
export async function logActivity(db: Executor, entry: ActivityInput) {
  await activityInsert(db, entry);
}

/** The insert of an activity entry, unawaited: a caller may run it as part of a larger statement (a CTE). */
export function activityInsert(db: Executor, entry: PgInsertValue<typeof activityLog>) {
  return db.insert(activityLog).values(entry);
}

// A customer's history on its page (what HistoryCard shows): built once, run prepared.
const customerActivity = reusableStatement("customer_activity", (db) =>
  db
    .select({
      id: activityLog.id,
      title: activityLog.title,
      description: activityLog.description,
      createdAt: activityLog.createdAt,
    })
    .from(activityLog)
    .where(eq(activityLog.customerId, sql.placeholder("customerId")))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(sql.placeholder("limit")),
);

/** A customer's newest activity entries (its page's History). */
export async function recentActivity(db: Executor, opts: { customerId: number; limit?: number }) {
  return customerActivity(db, { customerId: opts.customerId, limit: opts.limit ?? 10 });
}

/** Installers see only what they did themselves (their own work), and never an amount. */
const ownEntriesOnly = (viewer: { role: Role }) => viewer.role === "installer";

function viewerScope(viewer: { role: Role; userId: number }): SQL | undefined {
  return ownEntriesOnly(viewer) ? eq(activityLog.userId, viewer.userId) : undefined;
}

function selectActivity(db: Executor) {
  return db
    .select({
      id: activityLog.id,
      type: activityLog.type,
      title: activityLog.title,
      description: activityLog.description,
      createdAt: activityLog.createdAt,
      amount: activityLog.amount,
      userId: activityLog.userId,
      userName: users.name,
      jobId: activityLog.jobId,
      jobTitle: jobs.title,
      customerId: activityLog.customerId,
      quoteId: activityLog.quoteId,
      invoiceId: activityLog.invoiceId,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .leftJoin(jobs, eq(jobs.id, activityLog.jobId));
}

// The Home's feed (the newest entries, unfiltered), read on every Home: built once, run prepared
// (db/client.server.ts reusableStatement, docs/decisions/prepared-statements.md); one for everyone's
// entries, one for an installer's own.
const newestActivity = reusableStatement("newest_activity", (db) =>
  selectActivity(db).orderBy(desc(activityLog.createdAt), desc(activityLog.id)).limit(sql.placeholder("limit")),
);
const newestOwnActivity = reusableStatement("newest_own_activity", (db) =>
  selectActivity(db)
    .where(eq(activityLog.userId, sql.placeholder("userId")))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(sql.placeholder("limit")),
);

/**
 * The activity feed (Home: 5 newest; /activity: paginated, filtered by type and user), newest first,
 * served by activity_log's created_at, (type, created_at) and (user_id, created_at) indexes.
 */
export async function listActivity(
  db: Executor,
  viewer: { role: Role; userId: number },
  opts: { type?: ActivityType | ""; userId?: number; limit: number; offset?: number; count?: boolean },
) {
  const where = and(
    viewerScope(viewer),
    opts.type ? eq(activityLog.type, opts.type) : undefined,
    opts.userId ? eq(activityLog.userId, opts.userId) : undefined,
  );
  const newest = !opts.type && !opts.userId && !opts.offset;
  const money = seesMoney(viewer.role);
  const [found, total] = await Promise.all([
    newest
      ? ownEntriesOnly(viewer)
        ? newestOwnActivity(db, { userId: viewer.userId, limit: opts.limit })
        : newestActivity(db, { limit: opts.limit })
      : selectActivity(db)
          .where(where)
          .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
          .limit(opts.limit)
          .offset(opts.offset ?? 0),
    opts.count ? db.select({ n: count() }).from(activityLog).where(where) : Promise.resolve([{ n: 0 }]),
  ]);
  return {
    rows: found.map((row) => ({
      ...row,
      amount: money ? row.amount : null,
      // Descriptions of payments name amounts ("$500.00 from ..."): not for installers.
      description: money || !MONEY_TYPES.has(row.type) ? row.description : null,
      href: activityHref(row, viewer.role),
    })),
    total: Number(total[0].n),
  };
}

const MONEY_TYPES = new Set(["payment_received", "payment_refunded", "invoice_created", "invoice_sent"]);

/** Where an entry leads: its invoice, quote, job or customer, as far as the role may open it. */
function activityHref(
  row: { invoiceId: number | null; quoteId: number | null; jobId: number | null; customerId: number | null },
  role: Role,
) {
  if (role !== "installer") {
    if (row.invoiceId) return `/invoices/${row.invoiceId}`;
    if (row.quoteId) return `/quotes/${row.quoteId}`;
  }
  if (row.jobId) return `/jobs/${row.jobId}`;
  if (row.customerId && role !== "installer") return `/customers/${row.customerId}`;
  return null;
}

/** Users who appear in the log, for the activity page's user filter. */
export async function activityUsers(db: Executor) {
  return db.select({ id: users.id, name: users.name }).from(users).orderBy(users.name);
}
