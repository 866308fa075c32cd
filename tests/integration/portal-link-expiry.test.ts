// Portal links expire (issue 10 item 12): Settings → Security's portal link validity (90 days by
// default) is stored with each token; sending the customer a quote pushes their live links out;
// an expired link gets the same refusal page as a wrong one.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customerPortalTokens, customers, quotes } from "../../db/schema";
import { createPortalToken, hasActivePortalToken, verifyPortalToken } from "~/models/portal.server";
import { markQuoteSent, updateQuote } from "~/models/quote.server";
import { SETTINGS_DEFAULTS, getSettings } from "~/models/settings.server";
import { makeQuoteSchema } from "~/schemas/quote";
import { SecuritySettingsSchema } from "~/schemas/settings";
import { baseUrl, signIn } from "../setup/http";

const tag = `pl${Date.now().toString(36)}`;
const DAY = 86_400_000;
let owner = "";

beforeAll(async () => {
  owner = await signIn("owner");
});

async function customerWithQuote() {
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Link ${tag}` })
    .returning();
  const [q] = await db
    .insert(quotes)
    .values({ customerId: c.id, quoteNumber: `QL-${tag}-${c.id}`, title: `Linked ${tag}`, status: "draft" })
    .returning();
  return { customer: c, quote: q };
}

async function tokenRows(customerId: number) {
  const db = await getDb();
  return db.select().from(customerPortalTokens).where(eq(customerPortalTokens.customerId, customerId));
}

/** Sets the expiry of every token of the customer to `offsetMs` from now. */
async function expireIn(customerId: number, offsetMs: number) {
  const db = await getDb();
  await db
    .update(customerPortalTokens)
    .set({ expiresAt: new Date(Date.now() + offsetMs) })
    .where(eq(customerPortalTokens.customerId, customerId));
}

const validityMs = async () => (await getSettings(await getDb())).security.portalLinkDays * DAY;

describe("portal link expiry", () => {
  it("defaults to 90 days, a Security field with limits", async () => {
    expect(SETTINGS_DEFAULTS.security.portalLinkDays).toBe(90);
    const base = { sessionTimeoutHours: "8", minPasswordLength: "8" };
    expect(SecuritySettingsSchema.parse({ ...base, portalLinkDays: "30" }).portalLinkDays).toBe(30);
    for (const bad of ["0", "3651", "1.5", "abc"])
      expect([bad, SecuritySettingsSchema.safeParse({ ...base, portalLinkDays: bad }).success]).toEqual([bad, false]);
    const page = await fetch(`${baseUrl()}/settings/security`, { headers: { Cookie: owner } });
    expect(await page.text()).toContain("Portal link validity (days)");
  });

  it("stores the expiry with a new token; an expired token is refused like a wrong one", async () => {
    const db = await getDb();
    const { customer, quote } = await customerWithQuote();
    await db.update(quotes).set({ status: "sent" }).where(eq(quotes.id, quote.id));
    const token = await createPortalToken(db, customer.id);
    const [row] = await tokenRows(customer.id);
    expect(Math.abs(row.expiresAt.getTime() - (Date.now() + (await validityMs())))).toBeLessThan(60_000);
    const open = await fetch(`${baseUrl()}/client/quotes/${customer.id}?token=${token}`);
    expect(open.status).toBe(200);
    expect(await open.text()).toContain(`Linked ${tag}`);

    await expireIn(customer.id, -1000);
    expect(await verifyPortalToken(db, customer.id, token)).toBeNull();
    expect(await hasActivePortalToken(db, customer.id)).toBeNull();
    const expired = await fetch(`${baseUrl()}/client/quotes/${customer.id}?token=${token}`);
    const wrong = await fetch(`${baseUrl()}/client/quotes/${customer.id}?token=nope`);
    const [expiredText, wrongText] = [await expired.text(), await wrong.text()];
    expect([expired.status, wrong.status]).toEqual([403, 403]);
    expect(expiredText).toContain("please use the link from the e-mail");
    expect(expiredText).not.toContain(`Linked ${tag}`);
    // The same page, byte for byte apart from the per-request CSP nonce.
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    expect(strip(expiredText)).toBe(strip(wrongText));
    const pdf = await fetch(`${baseUrl()}/client/quotes/${customer.id}/pdf?quote=${quote.id}&token=${token}`);
    expect(pdf.status).toBe(403);
    const approve = await fetch(`${baseUrl()}/client/quotes/${customer.id}`, {
      method: "POST",
      headers: { Origin: baseUrl() },
      body: new URLSearchParams({ token, quoteId: String(quote.id), intent: "approve" }),
      redirect: "manual",
    });
    expect(approve.headers.get("location")).toBe(`/client/quotes/${customer.id}`);
    expect((await db.select().from(quotes).where(eq(quotes.id, quote.id)))[0].status).toBe("sent");
  });

  it("sending a quote renews the customer's live links, never an expired one", async () => {
    const db = await getDb();
    const { customer, quote } = await customerWithQuote();
    const token = await createPortalToken(db, customer.id);
    await expireIn(customer.id, DAY); // one day left
    await markQuoteSent(db, quote.id);
    const [renewed] = await tokenRows(customer.id);
    expect(Math.abs(renewed.expiresAt.getTime() - (Date.now() + (await validityMs())))).toBeLessThan(60_000);
    expect(await verifyPortalToken(db, customer.id, token)).toMatchObject({ id: customer.id });

    // A link e-mailed with a quote renews the others too (they stay working, decisions: client portal).
    await expireIn(customer.id, DAY);
    await createPortalToken(db, customer.id, null, { revokeOthers: false });
    const rows = await tokenRows(customer.id);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.expiresAt.getTime()).toBeGreaterThan(Date.now() + (await validityMs()) - 60_000);

    // Status → sent through an edit renews as well; an expired link stays expired.
    await expireIn(customer.id, -1000);
    const [other] = await db
      .insert(quotes)
      .values({ customerId: customer.id, quoteNumber: `QL2-${tag}-${customer.id}`, title: "Second", status: "draft" })
      .returning();
    const today = new Date().toISOString().slice(0, 10);
    await updateQuote(
      db,
      other.id,
      makeQuoteSchema(today).parse({ customerId: customer.id, title: "Second", status: "sent" }),
      {
        today,
        defaultTaxRate: "0.0875",
      },
    );
    expect(await verifyPortalToken(db, customer.id, token)).toBeNull();
    const still = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(customerPortalTokens)
      .where(sql`${customerPortalTokens.customerId} = ${customer.id} and ${customerPortalTokens.expiresAt} > now()`);
    expect(Number(still[0].n)).toBe(0);
  });
});
