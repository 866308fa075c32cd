// The portal asks before approving (issue 11): the quote's Approve is a link to a server-rendered
// confirmation, `?confirm=approve&quote=ID`, whose form POSTs the approval. Without JavaScript too,
// since it is plain HTML; only a sent quote that is still valid offers either step.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers } from "../../db/schema";
import { createPortalToken } from "~/models/portal.server";
import { formatMoney } from "~/utils/money";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `pc${Date.now().toString(36)}`;
let owner = "";
let customerId = 0;
let token = "";

beforeAll(async () => {
  owner = await signIn("owner");
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Portal Confirm ${tag}` })
    .returning();
  customerId = c.id;
  token = await createPortalToken(db, customerId);
});

const page = (query: Record<string, string>) =>
  fetch(`${baseUrl()}/client/quotes/${customerId}?${new URLSearchParams({ token, ...query })}`).then(async (r) => ({
    status: r.status,
    html: await r.text(),
  }));

const decode = (html: string) => html.replace(/&amp;/g, "&").replace(/<!-- -->/g, "");

describe("portal approval", () => {
  it("asks 'Approve quote Q-… for $…?' and approves only from the confirmation's POST", async () => {
    const created = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      headers: { Origin: baseUrl() },
      json: {
        customerId,
        title: `Pantry ${tag}`,
        status: "sent",
        items: [{ description: "Pantry cabinet", quantity: "2", unitPrice: "612.50" }],
      },
    });
    expect(created.status).toBe(201);
    const { id, quoteNumber } = created.body as { id: number; quoteNumber: string };

    // The quote's page offers Approve as a link to the confirmation, not as a form that approves.
    const detail = decode((await page({ quote: String(id) })).html);
    expect(detail).toContain(`confirm=approve`);
    expect(detail).toContain("Approve Quote");
    expect(detail).not.toMatch(/name="intent" value="approve"/);
    expect(detail).not.toContain("Approve quote ");

    // The confirmation names the quote and its total and holds the approving form and a Cancel.
    const confirm = await page({ quote: String(id), confirm: "approve" });
    expect(confirm.status).toBe(200);
    const html = decode(confirm.html);
    expect(html).toContain(`Approve quote ${quoteNumber} for ${formatMoney(created.body.total)}?`);
    expect(html).toMatch(/name="intent" value="approve"/);
    expect(html).toContain("Cancel");
    expect((await api(`/api/quotes/${id}`, { cookie: owner })).body.status).toBe("sent");

    // The confirmation's POST approves the quote (the customer approves a sent quote).
    const post = await fetch(`${baseUrl()}/client/quotes/${customerId}`, {
      method: "POST",
      headers: { Origin: baseUrl() },
      body: new URLSearchParams({ token, quoteId: String(id), intent: "approve" }),
      redirect: "manual",
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toContain(`quote=${id}`);
    expect((await api(`/api/quotes/${id}`, { cookie: owner })).body.status).toBe("approved");

    // An approved quote offers neither the button nor the confirmation any more.
    const after = decode((await page({ quote: String(id), confirm: "approve" })).html);
    expect(after).not.toContain(`Approve quote ${quoteNumber}`);
    expect(after).not.toContain("Approve Quote");
  });

  it("offers no confirmation for a draft quote", async () => {
    const created = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      headers: { Origin: baseUrl() },
      json: { customerId, title: `Draft ${tag}`, status: "draft" },
    });
    const html = decode((await page({ quote: String(created.body.id), confirm: "approve" })).html);
    expect(html).not.toContain("Approve quote ");
    expect(html).not.toContain("Approve Quote");
  });
});
