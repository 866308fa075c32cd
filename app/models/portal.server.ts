// Client portal access (decisions §2): an unguessable, revocable token per customer. Only the
// SHA-256 of the token is stored, so a database leak does not leak working links.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, ilike, isNull, ne, or } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { customerPortalTokens, customers, quotes } from "../../db/schema";
import { logActivity } from "./activity.server";
import { containsPattern } from "../utils/search.server";
import { listQuoteItems } from "./quote.server";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const portalPath = (customerId: number, token: string) =>
  `/client/quotes/${customerId}?token=${encodeURIComponent(token)}`;

/** A new token for the customer (32 random bytes, base64url); older tokens are revoked. */
/**
 * A new portal token for the customer. "Regenerate" on the customer page revokes the older
 * links; a link sent in a quote e-mail keeps them, so the customer's earlier e-mails still open.
 */
export async function createPortalToken(
  db: Executor,
  customerId: number,
  actorId?: number | null,
  { revokeOthers = true }: { revokeOthers?: boolean } = {},
) {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    if (revokeOthers) {
      await tx
        .update(customerPortalTokens)
        .set({ revokedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(customerPortalTokens.customerId, customerId), isNull(customerPortalTokens.revokedAt)));
    }
    await tx.insert(customerPortalTokens).values({ customerId, tokenHash: hashToken(token) });
    await logActivity(tx, {
      type: "portal_link_created",
      title: revokeOthers ? "Portal link generated" : "Portal link e-mailed",
      description: revokeOthers ? "Older portal links were revoked." : null,
      customerId,
      userId: actorId ?? null,
    });
  });
  return token;
}

/** The customer when `token` is a live token of exactly this customer; else null (no detail why). */
export async function verifyPortalToken(db: Executor, customerId: number | null, token: string | null | undefined) {
  if (!customerId || !token || token.length > 200) return null;
  const [row] = await db
    .select({ id: customerPortalTokens.id, customerId: customerPortalTokens.customerId })
    .from(customerPortalTokens)
    .where(and(eq(customerPortalTokens.tokenHash, hashToken(token)), isNull(customerPortalTokens.revokedAt)));
  if (!row || row.customerId !== customerId) return null;
  await db.update(customerPortalTokens).set({ lastUsedAt: new Date() }).where(eq(customerPortalTokens.id, row.id));
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer ?? null;
}

export async function hasActivePortalToken(db: Executor, customerId: number) {
  const [row] = await db
    .select({ createdAt: customerPortalTokens.createdAt })
    .from(customerPortalTokens)
    .where(and(eq(customerPortalTokens.customerId, customerId), isNull(customerPortalTokens.revokedAt)))
    .orderBy(desc(customerPortalTokens.createdAt))
    .limit(1);
  return row ?? null;
}

/** The customer's quotes as the portal shows them (drafts are internal and never shown). */
export async function listPortalQuotes(db: Executor, customerId: number, search?: string) {
  const term = search?.trim();
  const pattern = term ? containsPattern(term) : null;
  return db
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.customerId, customerId),
        ne(quotes.status, "draft"),
        pattern
          ? or(ilike(quotes.title, pattern), ilike(quotes.quoteNumber, pattern), ilike(quotes.description, pattern))
          : undefined,
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(200);
}

/** One quote of this customer (never another customer's), with its items. */
export async function getPortalQuote(db: Executor, customerId: number, quoteId: number) {
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.customerId, customerId), ne(quotes.status, "draft")));
  if (!quote) return null;
  return { quote, items: await listQuoteItems(db, quoteId) };
}
