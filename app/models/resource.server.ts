// The one place that reads and writes resources (installers, crews, vehicles, equipment).
import { asc, count, eq, sql } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { resources, scheduleEventResources } from "../../db/schema";
import type { ResourceInput } from "../schemas/resource";
import { conflict, notFound, requireFound } from "../utils/refusal.server";

export type Resource = typeof resources.$inferSelect;

export async function listResources(
  db: Executor,
  opts: { activeOnly?: boolean; limit?: number; offset?: number } = {},
) {
  const where = opts.activeOnly ? eq(resources.active, true) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(resources)
      .where(where)
      .orderBy(asc(resources.name), asc(resources.id))
      .limit(opts.limit ?? 1000)
      .offset(opts.offset ?? 0),
    db.select({ total: count() }).from(resources).where(where),
  ]);
  return { rows, total: Number(total) };
}

// The Schedule's resource filter, read on every visit: the three columns it shows, built once and run
// prepared (db/client.server.ts reusableStatement, docs/decisions/prepared-statements.md).
const resourceOptionsStatement = reusableStatement("resource_options", (db) =>
  db
    .select({ id: resources.id, name: resources.name, active: resources.active })
    .from(resources)
    .orderBy(asc(resources.name), asc(resources.id))
    .limit(1000),
);

/** Every resource (inactive ones too, as a filter can still name them), by name. */
export function resourceOptions(db: Executor) {
  return resourceOptionsStatement(db, {});
}

export async function getResource(db: Executor, id: number) {
  const [row] = await db.select().from(resources).where(eq(resources.id, id));
  return row ?? null;
}

function toColumns(input: ResourceInput) {
  return { name: input.name, type: input.type, skills: input.skills, notes: input.notes ?? null, active: input.active };
}

export async function createResource(db: Executor, input: ResourceInput) {
  const [row] = await db.insert(resources).values(toColumns(input)).returning();
  return row;
}

export async function updateResource(db: Executor, id: number, input: ResourceInput) {
  const [row] = await db
    .update(resources)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(eq(resources.id, id))
    .returning();
  return requireFound(row, "Resource");
}

/** A resource booked on events is refused (deactivate it instead); tasks assigned to it lose the link. */
export async function deleteResource(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(resources).where(eq(resources.id, id)).for("update");
    if (!row) throw notFound("Resource not found");
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduleEventResources)
      .where(eq(scheduleEventResources.resourceId, id));
    if (Number(n) > 0) {
      throw conflict(
        `${row.name} is booked on ${n} event${Number(n) === 1 ? "" : "s"} and cannot be deleted. Mark it inactive instead.`,
      );
    }
    await tx.delete(resources).where(eq(resources.id, id));
    return { name: row.name };
  });
}
