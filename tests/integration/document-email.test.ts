// The quote/invoice e-mail path reads the document once (issue 9 item 6): the dispatcher only
// checks the recipient and the configuration and enqueues ids; the processor's send loads the
// quote or invoice once and renders both the PDF and the message from that read. Counted by
// wrapping the models' detail loaders. Against a real SMTP server (smtp-server on 127.0.0.1).
// The e-mail configuration is one row other files use too: every case runs in a transaction that
// holds that table and is rolled back, and the in-process runner stands in for the worker.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { closeDb, getDb, type Executor } from "../../db/client.server";
import { customers, emailConfig, invoices, quotes } from "../../db/schema";
import { registerInProcessProcessors, stopInProcessRuns } from "../../jobs/in-process";
import { EMAIL_QUEUE, SEND_INVOICE_EMAIL_JOB, SEND_QUOTE_EMAIL_JOB, type JobLike } from "../../jobs/queues";
import { getInvoiceDetail } from "~/models/invoice.server";
import { getQuoteDetail } from "~/models/quote.server";
import { saveEmailConfig } from "~/models/email-config.server";
import { dispatchInvoiceEmail, dispatchQuoteEmail } from "~/services/email-dispatch.server";
import { sendInvoiceEmail, sendPurchaseOrderEmail, sendQuoteEmail } from "~/services/email-send.server";
import { createItem, createSupplier } from "~/models/inventory.server";
import { createPurchaseOrder, getPurchaseOrder } from "~/models/purchasing.server";
import { ItemSchema, SupplierSchema } from "~/schemas/inventory";

vi.mock("~/models/quote.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/models/quote.server")>();
  return { ...real, getQuoteDetail: vi.fn(real.getQuoteDetail) };
});
vi.mock("~/models/invoice.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/models/invoice.server")>();
  return { ...real, getInvoiceDetail: vi.fn(real.getInvoiceDetail) };
});

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SENDER = `docs-${tag}@example.test`;
const PASSWORD = `app-pass-${tag}-Zx9`;
const received: Buffer[] = [];
let smtp: SMTPServer;
const savedEnv = { REDIS_URL: process.env.REDIS_URL, SMTP_HOST: process.env.SMTP_HOST };

class Rollback extends Error {}

/** A configured mailbox and a draft quote and invoice for a customer with an e-mail, then undone. */
async function withDocuments(fn: (tx: Executor, ids: { quoteId: number; invoiceId: number }) => Promise<void>) {
  const db = await getDb();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`lock table email_config in exclusive mode`);
      await tx.delete(emailConfig);
      await saveEmailConfig(tx, {
        provider: "gmail",
        senderEmail: SENDER,
        senderName: "Docs",
        isActive: true,
        appPassword: PASSWORD,
      });
      const [c] = await tx
        .insert(customers)
        .values({ name: `Docs ${tag}`, email: `client-${tag}@example.test` })
        .returning({ id: customers.id });
      const [q] = await tx
        .insert(quotes)
        .values({ customerId: c.id, quoteNumber: `QD-${tag}`, title: `Kitchen ${tag}`, status: "draft" })
        .returning({ id: quotes.id });
      const [i] = await tx
        .insert(invoices)
        .values({
          customerId: c.id,
          invoiceNumber: `ID-${tag}`,
          title: `Kitchen ${tag}`,
          status: "draft",
          dueDate: "2099-01-31",
        })
        .returning({ id: invoices.id });
      await fn(tx, { quoteId: q.id, invoiceId: i.id });
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SENDER && auth.password === PASSWORD) return cb(null, { user: auth.username });
      return cb(new Error("Invalid username or password"));
    },
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_HOST = "127.0.0.1";
  process.env.SMTP_PORT = String((smtp.server.address() as AddressInfo).port);
  process.env.SMTP_SECURE = "false";
  // The dispatcher's job runs in this process (jobs/in-process.ts), on a stand-in processor.
  delete process.env.REDIS_URL;
});

afterAll(async () => {
  await stopInProcessRuns();
  process.env.REDIS_URL = savedEnv.REDIS_URL;
  process.env.SMTP_HOST = savedEnv.SMTP_HOST;
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await closeDb();
});

beforeEach(() => {
  vi.mocked(getQuoteDetail).mockClear();
  vi.mocked(getInvoiceDetail).mockClear();
});
afterEach(async () => {
  await stopInProcessRuns();
});

describe("sending a quote or an invoice", () => {
  it("the dispatcher checks and enqueues ids only, without loading the document", async () => {
    const jobs: JobLike[] = [];
    const accepted = { messageId: "<test@example.test>", accepted: ["client"], to: "client" };
    registerInProcessProcessors({
      [EMAIL_QUEUE]: {
        [SEND_QUOTE_EMAIL_JOB]: async (job) => (jobs.push(job), accepted),
        [SEND_INVOICE_EMAIL_JOB]: async (job) => (jobs.push(job), accepted),
      },
    });
    await withDocuments(async (tx, { quoteId, invoiceId }) => {
      expect(await dispatchQuoteEmail(tx, quoteId, "Hello", 7)).toEqual({ ok: true, result: accepted });
      expect(await dispatchInvoiceEmail(tx, invoiceId, undefined, 7)).toEqual({ ok: true, result: accepted });
    });
    expect(jobs.map((job) => job.data)).toEqual([
      { quoteId: expect.any(Number), customMessage: "Hello", actorId: 7 },
      { invoiceId: expect.any(Number), customMessage: undefined, actorId: 7 },
    ]);
    expect(JSON.stringify(jobs)).not.toContain(PASSWORD);
    expect(getQuoteDetail).not.toHaveBeenCalled();
    expect(getInvoiceDetail).not.toHaveBeenCalled();
  });

  it("the processor loads the quote once for both the PDF and the message", async () => {
    await withDocuments(async (tx, { quoteId }) => {
      const before = received.length;
      const result = await sendQuoteEmail(tx, quoteId, "See attached", null);
      expect(result.to).toBe(`client-${tag}@example.test`);
      expect(getQuoteDetail).toHaveBeenCalledTimes(1);
      expect(received.length).toBe(before + 1);
      const mail = await simpleParser(received[received.length - 1]);
      expect(mail.subject).toContain(`QD-${tag}`);
      expect(mail.text).toContain("See attached");
      expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`QD-${tag}.pdf`, "application/pdf"]]);
      expect(mail.attachments[0].content.subarray(0, 4).toString("latin1")).toBe("%PDF");
      const [quote] = await tx
        .select({ status: quotes.status })
        .from(quotes)
        .where(sql`${quotes.id} = ${quoteId}`);
      expect(quote.status).toBe("sent");
    });
  });

  it("the processor loads the invoice once for both the PDF and the message", async () => {
    await withDocuments(async (tx, { invoiceId }) => {
      const before = received.length;
      await sendInvoiceEmail(tx, invoiceId, null, null);
      expect(getInvoiceDetail).toHaveBeenCalledTimes(1);
      expect(received.length).toBe(before + 1);
      const mail = await simpleParser(received[received.length - 1]);
      expect(mail.subject).toContain(`ID-${tag}`);
      expect(mail.attachments.map((a) => a.filename)).toEqual([`ID-${tag}.pdf`]);
      const [invoice] = await tx
        .select({ status: invoices.status })
        .from(invoices)
        .where(sql`${invoices.id} = ${invoiceId}`);
      expect(invoice.status).toBe("sent");
    });
  });

  it("E-mail to supplier: the purchase order's PDF goes to the supplier's address and the draft is placed", async () => {
    await withDocuments(async (tx) => {
      const supplier = await createSupplier(
        tx,
        SupplierSchema.parse({ name: `Hinges ${tag}`, contactName: "Dana", email: `orders-${tag}@example.test` }),
      );
      const hinge = await createItem(
        tx,
        ItemSchema.parse({
          sku: `HNG-${tag}`,
          name: `Hinge ${tag}`,
          unit: "each",
          purchaseUnit: "box",
          unitMultiplier: "100",
        }),
      );
      const order = await createPurchaseOrder(tx, {
        supplierId: supplier.id,
        lines: [{ itemId: hinge.id, quantity: "3", unitCost: "12.99" }],
      });
      const before = received.length;
      const result = await sendPurchaseOrderEmail(tx, order.id, "Please confirm delivery", null);
      expect(result.to).toBe(`orders-${tag}@example.test`);
      expect(received.length).toBe(before + 1);
      const mail = await simpleParser(received[received.length - 1]);
      expect(mail.subject).toContain(order.poNumber);
      expect(mail.text).toContain("Please confirm delivery");
      expect(mail.text).toContain("$38.97");
      expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`${order.poNumber}.pdf`, "application/pdf"],
      ]);
      expect(mail.attachments[0].content.subarray(0, 4).toString("latin1")).toBe("%PDF");
      expect((await getPurchaseOrder(tx, order.id))?.status).toBe("ordered");
    });
  });
});
