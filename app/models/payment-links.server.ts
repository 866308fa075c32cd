// Payment links of an invoice (payment_links) and the Authorize.Net hand-off pages behind some of
// them (authorizenet_payment_pages). Provider calls happen in app/services/payment-links.server.ts.
import { and, eq, sql } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { authorizenetPaymentPages, invoices, paymentLinks } from "../../db/schema";

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** Stores a new link and shows it on the invoice (the latest link is the one the invoice offers). */
export async function savePaymentLink(
  db: Executor,
  link: {
    invoiceId: number;
    provider: string;
    reference: string;
    providerRef?: string | null;
    url: string;
    amount: string;
    currency: string;
  },
  opts: { showOnInvoice?: boolean } = {},
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentLinks)
      .values({ ...link, providerRef: link.providerRef ?? null })
      .returning();
    if (opts.showOnInvoice === false) return row;
    await tx
      .update(invoices)
      .set({ paymentLinkUrl: link.url, paymentLinkProvider: link.provider, updatedAt: new Date() })
      .where(eq(invoices.id, link.invoiceId));
    return row;
  });
}

/** The link a webhook names: by our reference, else by the provider's own id of its checkout. */
const linkBy = (name: string, column: typeof paymentLinks.reference | typeof paymentLinks.providerRef) =>
  reusableStatement(name, (db) =>
    db
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.provider, sql.placeholder("provider")), eq(column, sql.placeholder("value")))),
  );
// Built once: every payment webhook looks its link up (docs/decisions/payment-webhooks.md).
const linkByReference = linkBy("payment_link_by_reference", paymentLinks.reference);
const linkByProviderRef = linkBy("payment_link_by_provider_ref", paymentLinks.providerRef);

export async function findPaymentLink(
  db: Executor,
  provider: string,
  by: { reference?: string; providerRef?: string },
): Promise<PaymentLinkRow | undefined> {
  if (by.reference) {
    const [row] = await linkByReference(db, { provider, value: by.reference });
    if (row) return row;
  }
  if (by.providerRef) {
    const [row] = await linkByProviderRef(db, { provider, value: by.providerRef });
    return row;
  }
  return undefined;
}

// ---------------------------------------------------------------- Authorize.Net hand-off pages

export async function insertHostedPage(
  db: Executor,
  page: { invoiceId: number; reference: string; orderReference: string; token: string; tokenAmount: string },
  issuedAt: Date,
) {
  await db.insert(authorizenetPaymentPages).values({ ...page, tokenIssuedAt: issuedAt });
}

export async function getHostedPage(db: Executor, reference: string) {
  const [row] = await db
    .select({ page: authorizenetPaymentPages, invoice: invoices })
    .from(authorizenetPaymentPages)
    .innerJoin(invoices, eq(invoices.id, authorizenetPaymentPages.invoiceId))
    .where(eq(authorizenetPaymentPages.reference, reference));
  return row;
}

export async function renewHostedPageToken(
  db: Executor,
  pageId: number,
  token: { token: string; tokenAmount: string; orderReference: string },
  issuedAt: Date,
) {
  await db
    .update(authorizenetPaymentPages)
    .set({ ...token, tokenIssuedAt: issuedAt, updatedAt: new Date() })
    .where(eq(authorizenetPaymentPages.id, pageId));
}
