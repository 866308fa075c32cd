// Settings → System Export (docs/decisions/csv-export-and-import.md): customers, jobs, quotes,
// invoices and inventory items as CSV. Each table is read by id in keyset batches (never OFFSET,
// never the whole table), with the related customer name / job title joined in. Money and
// quantities stay the exact numeric strings PostgreSQL returns ("1234.50"), dates stay ISO.
import { asc, eq, gt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.server";
import { customers, inventoryCategories, inventoryItems, invoices, jobs, quotes, suppliers } from "../../db/schema";
import type { ExportName } from "../schemas/export";
import type { CsvColumn } from "../utils/csv.server";

export const EXPORT_BATCH_SIZE = 1000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Reads `fetch(afterId)` until a short batch; rows carry their `id` for the next key. */
async function* keyset<Row extends { id: number }>(fetch: (afterId: number) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let afterId = 0;
  for (;;) {
    const batch = await fetch(afterId);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH_SIZE) return;
    afterId = batch[batch.length - 1].id;
  }
}

const text = <Row>(header: string, value: CsvColumn<Row>["value"]): CsvColumn<Row> => ({ header, value });
const plain = <Row>(header: string, value: CsvColumn<Row>["value"]): CsvColumn<Row> => ({
  header,
  value,
  kind: "plain",
});

function customerExport(db: Executor) {
  type Row = typeof customers.$inferSelect;
  const columns: CsvColumn<Row>[] = [
    plain("id", (r) => r.id),
    text("name", (r) => r.name),
    text("email", (r) => r.email),
    text("phone", (r) => r.phone),
    text("address", (r) => r.address),
    text("city", (r) => r.city),
    text("state", (r) => r.state),
    text("zip_code", (r) => r.zipCode),
    text("notes", (r) => r.notes),
    plain("created_at", (r) => iso(r.createdAt)),
    plain("updated_at", (r) => iso(r.updatedAt)),
  ];
  const batches = keyset((afterId) =>
    db.select().from(customers).where(gt(customers.id, afterId)).orderBy(asc(customers.id)).limit(EXPORT_BATCH_SIZE),
  );
  return { columns, batches };
}

function jobExport(db: Executor) {
  const select = () =>
    db
      .select({
        id: jobs.id,
        title: jobs.title,
        customerId: jobs.customerId,
        customerName: customers.name,
        status: jobs.status,
        estimatedCost: jobs.estimatedCost,
        actualCost: jobs.actualCost,
        startDate: jobs.startDate,
        completionDate: jobs.completionDate,
        description: jobs.description,
        notes: jobs.notes,
        createdAt: jobs.createdAt,
        updatedAt: jobs.updatedAt,
      })
      .from(jobs)
      .innerJoin(customers, eq(customers.id, jobs.customerId));
  type Row = Awaited<ReturnType<typeof select>>[number];
  const columns: CsvColumn<Row>[] = [
    plain("id", (r) => r.id),
    text("title", (r) => r.title),
    plain("customer_id", (r) => r.customerId),
    text("customer_name", (r) => r.customerName),
    text("status", (r) => r.status),
    plain("estimated_cost", (r) => r.estimatedCost),
    plain("actual_cost", (r) => r.actualCost),
    plain("start_date", (r) => r.startDate),
    plain("completion_date", (r) => r.completionDate),
    text("description", (r) => r.description),
    text("notes", (r) => r.notes),
    plain("created_at", (r) => iso(r.createdAt)),
    plain("updated_at", (r) => iso(r.updatedAt)),
  ];
  const batches = keyset((afterId) =>
    select().where(gt(jobs.id, afterId)).orderBy(asc(jobs.id)).limit(EXPORT_BATCH_SIZE),
  );
  return { columns, batches };
}

function quoteExport(db: Executor) {
  const select = () =>
    db
      .select({
        id: quotes.id,
        quoteNumber: quotes.quoteNumber,
        title: quotes.title,
        customerId: quotes.customerId,
        customerName: customers.name,
        jobId: quotes.jobId,
        jobTitle: jobs.title,
        status: quotes.status,
        subtotal: quotes.subtotal,
        taxRate: quotes.taxRate,
        taxAmount: quotes.taxAmount,
        total: quotes.total,
        validUntil: quotes.validUntil,
        sentAt: quotes.sentAt,
        respondedAt: quotes.respondedAt,
        createdAt: quotes.createdAt,
        updatedAt: quotes.updatedAt,
      })
      .from(quotes)
      .innerJoin(customers, eq(customers.id, quotes.customerId))
      .leftJoin(jobs, eq(jobs.id, quotes.jobId));
  type Row = Awaited<ReturnType<typeof select>>[number];
  const columns: CsvColumn<Row>[] = [
    plain("id", (r) => r.id),
    text("quote_number", (r) => r.quoteNumber),
    text("title", (r) => r.title),
    plain("customer_id", (r) => r.customerId),
    text("customer_name", (r) => r.customerName),
    plain("job_id", (r) => r.jobId),
    text("job_title", (r) => r.jobTitle),
    text("status", (r) => r.status),
    plain("subtotal", (r) => r.subtotal),
    plain("tax_rate", (r) => r.taxRate),
    plain("tax_amount", (r) => r.taxAmount),
    plain("total", (r) => r.total),
    plain("valid_until", (r) => r.validUntil),
    plain("sent_at", (r) => iso(r.sentAt)),
    plain("responded_at", (r) => iso(r.respondedAt)),
    plain("created_at", (r) => iso(r.createdAt)),
    plain("updated_at", (r) => iso(r.updatedAt)),
  ];
  const batches = keyset((afterId) =>
    select().where(gt(quotes.id, afterId)).orderBy(asc(quotes.id)).limit(EXPORT_BATCH_SIZE),
  );
  return { columns, batches };
}

function invoiceExport(db: Executor) {
  const fromQuote = alias(quotes, "from_quote");
  const select = () =>
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        title: invoices.title,
        customerId: invoices.customerId,
        customerName: customers.name,
        jobId: invoices.jobId,
        jobTitle: jobs.title,
        quoteNumber: fromQuote.quoteNumber,
        status: invoices.status,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        paymentTerms: invoices.paymentTerms,
        subtotal: invoices.subtotal,
        taxRate: invoices.taxRate,
        taxAmount: invoices.taxAmount,
        total: invoices.total,
        paidTotal: invoices.paidTotal,
        balance: invoices.balance,
        sentAt: invoices.sentAt,
        createdAt: invoices.createdAt,
        updatedAt: invoices.updatedAt,
      })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .leftJoin(jobs, eq(jobs.id, invoices.jobId))
      .leftJoin(fromQuote, eq(fromQuote.id, invoices.quoteId));
  type Row = Awaited<ReturnType<typeof select>>[number];
  const columns: CsvColumn<Row>[] = [
    plain("id", (r) => r.id),
    text("invoice_number", (r) => r.invoiceNumber),
    text("title", (r) => r.title),
    plain("customer_id", (r) => r.customerId),
    text("customer_name", (r) => r.customerName),
    plain("job_id", (r) => r.jobId),
    text("job_title", (r) => r.jobTitle),
    text("quote_number", (r) => r.quoteNumber),
    text("status", (r) => r.status),
    plain("issue_date", (r) => r.issueDate),
    plain("due_date", (r) => r.dueDate),
    text("payment_terms", (r) => r.paymentTerms),
    plain("subtotal", (r) => r.subtotal),
    plain("tax_rate", (r) => r.taxRate),
    plain("tax_amount", (r) => r.taxAmount),
    plain("total", (r) => r.total),
    plain("paid_total", (r) => r.paidTotal),
    plain("balance", (r) => r.balance),
    plain("sent_at", (r) => iso(r.sentAt)),
    plain("created_at", (r) => iso(r.createdAt)),
    plain("updated_at", (r) => iso(r.updatedAt)),
  ];
  const batches = keyset((afterId) =>
    select().where(gt(invoices.id, afterId)).orderBy(asc(invoices.id)).limit(EXPORT_BATCH_SIZE),
  );
  return { columns, batches };
}

function inventoryExport(db: Executor) {
  const select = () =>
    db
      .select({
        id: inventoryItems.id,
        sku: inventoryItems.sku,
        name: inventoryItems.name,
        type: inventoryItems.type,
        category: inventoryCategories.name,
        unit: inventoryItems.unit,
        currentStock: inventoryItems.currentStock,
        reorderPoint: inventoryItems.reorderPoint,
        reorderQty: inventoryItems.reorderQty,
        averageCost: inventoryItems.averageCost,
        lastCost: inventoryItems.lastCost,
        sellPrice: inventoryItems.sellPrice,
        location: inventoryItems.location,
        supplier: suppliers.name,
        trackStock: inventoryItems.trackStock,
        active: inventoryItems.active,
        tags: inventoryItems.tags,
        createdAt: inventoryItems.createdAt,
        updatedAt: inventoryItems.updatedAt,
      })
      .from(inventoryItems)
      .leftJoin(inventoryCategories, eq(inventoryCategories.id, inventoryItems.categoryId))
      .leftJoin(suppliers, eq(suppliers.id, inventoryItems.preferredSupplierId));
  type Row = Awaited<ReturnType<typeof select>>[number];
  const columns: CsvColumn<Row>[] = [
    plain("id", (r) => r.id),
    text("sku", (r) => r.sku),
    text("name", (r) => r.name),
    text("type", (r) => r.type),
    text("category", (r) => r.category),
    text("unit", (r) => r.unit),
    plain("current_stock", (r) => r.currentStock),
    plain("reorder_point", (r) => r.reorderPoint),
    plain("reorder_qty", (r) => r.reorderQty),
    plain("average_cost", (r) => r.averageCost),
    plain("last_cost", (r) => r.lastCost),
    plain("sell_price", (r) => r.sellPrice),
    text("location", (r) => r.location),
    text("preferred_supplier", (r) => r.supplier),
    plain("track_stock", (r) => r.trackStock),
    plain("active", (r) => r.active),
    text("tags", (r) => r.tags.join("; ")),
    plain("created_at", (r) => iso(r.createdAt)),
    plain("updated_at", (r) => iso(r.updatedAt)),
  ];
  const batches = keyset((afterId) =>
    select().where(gt(inventoryItems.id, afterId)).orderBy(asc(inventoryItems.id)).limit(EXPORT_BATCH_SIZE),
  );
  return { columns, batches };
}

/** The columns and the batch reader of one export (typed loosely: the route only streams it). */
export function exportTable(
  db: Executor,
  name: ExportName,
): { columns: CsvColumn<any>[]; batches: AsyncIterable<any[]> } {
  switch (name) {
    case "customers":
      return customerExport(db);
    case "jobs":
      return jobExport(db);
    case "quotes":
      return quoteExport(db);
    case "invoices":
      return invoiceExport(db);
    case "inventory-items":
      return inventoryExport(db);
  }
}
