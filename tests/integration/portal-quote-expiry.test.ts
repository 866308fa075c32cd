// Portal answers to an expired quote are refused inside respondToQuote, under the quote's row lock
// (issue 9 item 5), with the message the portal has always shown.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers, quotes } from "../../db/schema";
import { createPortalToken } from "~/models/portal.server";
import { QUOTE_EXPIRED_MESSAGE, respondToQuote } from "~/models/quote.server";
import { getSettings } from "~/models/settings.server";
import { businessToday } from "~/utils/dates";
import { isRefusal } from "~/utils/refusal.server";
import { baseUrl } from "../setup/http";

const tag = `pe${Date.now().toString(36)}`;

async function sentQuote(validUntil: string | null) {
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Expiry ${tag}` })
    .returning();
  const [q] = await db
    .insert(quotes)
    .values({
      customerId: c.id,
      quoteNumber: `QE-${tag}-${Math.random()}`,
      title: "Expiry",
      status: "sent",
      validUntil,
    })
    .returning();
  return q;
}

const dayOffset = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function today() {
  return businessToday((await getSettings(await getDb())).system.timeZone);
}

describe("an expired quote on the portal", () => {
  it("is refused by respondToQuote itself; a quote valid until today is still answerable", async () => {
    const db = await getDb();
    const expired = await sentQuote(dayOffset(await today(), -1));
    const refusal = await respondToQuote(db, expired.id, "approved", { via: "portal" }).catch((e: unknown) => e);
    expect(isRefusal(refusal)).toBe(true);
    expect((refusal as Error).message).toBe(QUOTE_EXPIRED_MESSAGE);
    await expect(respondToQuote(db, expired.id, "rejected", { via: "portal", message: "x" })).rejects.toThrow(
      QUOTE_EXPIRED_MESSAGE,
    );
    const [row] = await db.select().from(quotes).where(eq(quotes.id, expired.id));
    expect([row.status, row.respondedAt]).toEqual(["sent", null]);
    // Staff may still record the customer's late answer.
    expect((await respondToQuote(db, expired.id, "approved", { via: "staff" })).status).toBe("approved");

    const lastDay = await sentQuote(await today());
    expect((await respondToQuote(db, lastDay.id, "approved", { via: "portal" })).status).toBe("approved");
  });

  it("the portal form still answers 'Quote expired' and changes nothing", async () => {
    const db = await getDb();
    const expired = await sentQuote(dayOffset(await today(), -3));
    const token = await createPortalToken(db, expired.customerId);
    const res = await fetch(`${baseUrl()}/client/quotes/${expired.customerId}`, {
      method: "POST",
      headers: { Origin: baseUrl() },
      body: new URLSearchParams({ token, quoteId: String(expired.id), intent: "approve" }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    const page = await fetch(`${baseUrl()}${res.headers.get("location")}`, { headers: { Cookie: cookie.join("; ") } });
    const html = await page.text();
    expect(html).toContain("Quote expired");
    expect(html).toContain(QUOTE_EXPIRED_MESSAGE);
    const [row] = await db.select().from(quotes).where(eq(quotes.id, expired.id));
    expect(row.status).toBe("sent");
  });
});
