// The embedded-database path (docs/decisions/embedded-database.md): the same migrations and model
// code on PGlite.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.server";
import * as schema from "../../db/schema";
import { createCustomer, deleteCustomer, listCustomers, updateCustomer } from "../../app/models/customer.server";
import { createJob } from "../../app/models/job.server";
import { needsAttention } from "../../app/models/needs-attention.server";
import { recordPayment } from "../../app/models/payment.server";
import { webhookEventDone, storeWebhookEvent } from "../../app/models/webhook-events.server";

const root = path.resolve(__dirname, "../..");

describe("embedded PGlite database", () => {
  let client: PGlite;
  let db: Database;

  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
    db = drizzle(client, { schema }) as unknown as Database;
    await migrate(db as never, { migrationsFolder: path.join(root, "db/migrations") });
  });
  afterAll(async () => {
    await client?.close();
  });

  it("runs the customer model on the committed migrations", async () => {
    const created = await createCustomer(db, { name: "Pglite Pat", city: "Montpelier", email: "pat@example.com" });
    expect(created.id).toBeGreaterThan(0);
    await createCustomer(db, { name: "Other Person", city: "Boston" });

    const found = await listCustomers(db, { search: "montp", limit: 50, offset: 0 });
    expect(found.total).toBe(1);
    expect(found.rows[0].name).toBe("Pglite Pat");

    const updated = await updateCustomer(db, created.id, { name: "Pglite Patricia", city: "Montpelier" });
    expect(updated?.name).toBe("Pglite Patricia");
    expect(updated?.email).toBeNull();

    expect(await deleteCustomer(db, created.id)).toEqual({ name: "Pglite Patricia" });
    expect((await listCustomers(db, { limit: 50, offset: 0 })).total).toBe(1);
  });

  it("keeps money exact in numeric columns", async () => {
    const customer = await createCustomer(db, { name: "Money Check" });
    const [quote] = await db
      .insert(schema.quotes)
      .values({
        customerId: customer.id,
        quoteNumber: "Q-TEST-0001",
        title: "Exact",
        subtotal: "99999999.99",
        taxRate: "0.0875",
      })
      .returning();
    expect(quote.subtotal).toBe("99999999.99");
    expect(quote.taxRate).toBe("0.0875");
  });

  it("stores a webhook event once and records its payment once, with the event settled in the same statement", async () => {
    const customer = await createCustomer(db, { name: "Webhook Payer" });
    const [invoice] = await db
      .insert(schema.invoices)
      .values({
        customerId: customer.id,
        invoiceNumber: "IN-PGLITE-1",
        title: "Online",
        status: "sent",
        dueDate: "2099-01-01",
        subtotal: "250.00",
        taxRate: "0",
        total: "250.00",
        balance: "250.00",
      })
      .returning();
    const event = { eventId: "evt_pglite_1", eventType: "checkout.session.completed", payload: { id: "evt_pglite_1" } };
    const first = await storeWebhookEvent(db, "stripe", event);
    const again = await storeWebhookEvent(db, "stripe", event);
    expect([first.created, again.created, again.row.id]).toEqual([true, false, first.row.id]);
    expect(again.row).toMatchObject({ processed: false, rejectedAt: null });

    const pay = () =>
      recordPayment(
        db,
        {
          invoiceId: invoice.id,
          amount: "100.00",
          method: "credit_card",
          provider: "stripe",
          providerTransactionId: "pi_pglite_1",
        },
        { actorId: null, today: "2026-06-01", timeZone: "America/New_York" },
        { alsoWrite: webhookEventDone(first.row.id) },
      );
    const paid = await pay();
    expect(paid.duplicate).toBe(false);
    expect(paid.invoice).toMatchObject({ status: "partial", paidTotal: "100.00", balance: "150.00" });
    expect(paid.payment).toMatchObject({ amount: "100.00", providerTransactionId: "pi_pglite_1" });
    expect((await storeWebhookEvent(db, "stripe", event)).row.processed).toBe(true);
    expect((await pay()).duplicate).toBe(true);
    expect(await db.select().from(schema.payments)).toHaveLength(1);
  });

  it("runs the Home's prepared raw statements (Needs Attention) for every role", async () => {
    const customer = await createCustomer(db, { name: "Pglite Approved" });
    const job = await createJob(db, { customerId: customer.id, title: "Pglite Pantry", status: "approved" });
    const clock = { today: "2031-05-05", timeZone: "America/New_York" };
    const owner = await needsAttention(db, clock, { role: "owner", userId: 1 });
    expect(owner.find((item) => item.key === `unscheduled-${job.id}`)).toMatchObject({
      title: "No install scheduled: Pglite Pantry",
      description: "Pglite Approved · approved, waiting for a date",
    });
    // The installer's own-work statements: nothing of theirs here.
    expect(await needsAttention(db, clock, { role: "installer", userId: 1 })).toEqual([]);
  });

  it("db/migrate.ts migrates an embedded database when DATABASE_URL is unset", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cab-pglite-"));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: path.join(dir, "db") };
      delete env.DATABASE_URL;
      const first = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["db/migrate.ts"], {
        cwd: root,
        env,
        encoding: "utf8",
      });
      expect(first.stdout + first.stderr).toContain("Migrations applied (pglite)");
      expect(first.status).toBe(0);
      // A second run finds nothing to do and still succeeds (the journal is kept).
      const second = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["db/migrate.ts"], {
        cwd: root,
        env,
        encoding: "utf8",
      });
      expect(second.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
