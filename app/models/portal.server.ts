// Client portal access (docs/decisions/client-portal.md): an unguessable, revocable token per
// customer. Only the SHA-256 of the token is stored, so a database leak does not leak working
// links. Tokens expire after Settings → Security's portal link validity (docs/decisions/portal-link-expiry.md).
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, ilike, isNull, ne, or, sql } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { customerPortalTokens, customers, quoteItems, quotes } from "../../db/schema";
import { logActivity } from "./activity.server";
import { containsPattern } from "../utils/search.server";
import { getSettings } from "./settings.server";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const portalPath = (customerId: number, token: string) =>
  `/client/quotes/${customerId}?token=${encodeURIComponent(token)}`;

/** When a link made or renewed now stops working: now + Settings → Security's portal link validity. */
async function portalLinkExpiry(db: Executor) {
  const days = (await getSettings(db)).security.portalLinkDays;
  return new Date(Date.now() + days * 86_400_000);
}

/** Tokens that still open the portal: not revoked and not expired. */
const live = () => and(isNull(customerPortalTokens.revokedAt), gt(customerPortalTokens.expiresAt, sql`now()`));

/**
 * A new portal token for the customer (32 random bytes, base64url). "Regenerate" on the customer
 * page revokes the older links; a link sent in a quote e-mail keeps them, so the customer's earlier
 * e-mails still open — and, since a quote was sent, renews them too.
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
    } else await renewPortalTokens(tx, customerId);
    await tx
      .insert(customerPortalTokens)
      .values({ customerId, tokenHash: hashToken(token), expiresAt: await portalLinkExpiry(tx) });
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

/**
 * Pushes out the expiry of the customer's live links (a quote was sent to them): each then works
 * for the full validity from now. Expired or revoked links stay dead; a renewal never shortens one.
 */
export async function renewPortalTokens(db: Executor, customerId: number) {
  const expiresAt = await portalLinkExpiry(db);
  await db
    .update(customerPortalTokens)
    .set({
      expiresAt: sql`greatest(${customerPortalTokens.expiresAt}, ${expiresAt.toISOString()}::timestamptz)`,
      updatedAt: new Date(),
    })
    .where(and(eq(customerPortalTokens.customerId, customerId), live()));
}

/**
 * The customer when `token` is a live (not revoked, not expired) token of exactly this customer;
 * else null, with no detail why: every refusal is the same page.
 */
export async function verifyPortalToken(db: Executor, customerId: number | null, token: string | null | undefined) {
  if (!customerId || !token || token.length > 200) return null;
  const [row] = await db
    .select({ id: customerPortalTokens.id, customerId: customerPortalTokens.customerId })
    .from(customerPortalTokens)
    .where(and(eq(customerPortalTokens.tokenHash, hashToken(token)), live()));
  if (!row || row.customerId !== customerId) return null;
  await db.update(customerPortalTokens).set({ lastUsedAt: new Date() }).where(eq(customerPortalTokens.id, row.id));
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer ?? null;
}

// Read on every customer page: built once, run prepared (db/client.server.ts reusableStatement).
const activePortalToken = reusableStatement("active_portal_token", (db) =>
  db
    .select({ createdAt: customerPortalTokens.createdAt })
    .from(customerPortalTokens)
    .where(and(eq(customerPortalTokens.customerId, sql.placeholder("customerId")), live()))
    .orderBy(desc(customerPortalTokens.createdAt))
    .limit(1),
);

export async function hasActivePortalToken(db: Executor, customerId: number) {
  const [row] = await activePortalToken(db, { customerId });
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
  // What the customer may see of a line: never its cost or inventory item (lines from inventory).
  const items = await db
    .select({
      id: quoteItems.id,
      description: quoteItems.description,
      quantity: quoteItems.quantity,
      unitPrice: quoteItems.unitPrice,
      lineTotal: quoteItems.lineTotal,
      notes: quoteItems.notes,
      sortOrder: quoteItems.sortOrder,
    })
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, quoteId))
    .orderBy(asc(quoteItems.sortOrder), asc(quoteItems.id));
  return { quote, items };
}
