import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { activityLog } from "../../db/schema";

export type ActivityInput = typeof activityLog.$inferInsert;

/** Actions write here; dashboards and detail pages read it (decisions §6). */
export async function logActivity(db: Executor, entry: ActivityInput) {
  await db.insert(activityLog).values(entry);
}

export async function recentActivity(db: Executor, opts: { customerId?: number; limit?: number } = {}) {
  return db
    .select()
    .from(activityLog)
    .where(opts.customerId ? eq(activityLog.customerId, opts.customerId) : undefined)
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(opts.limit ?? 10);
}
