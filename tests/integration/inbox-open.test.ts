// Issue 9 item 5: a GET never changes data. Showing a message (`/inbox?email=ID`) leaves it unread;
// opening it from a list is a POST (intent=open) that marks it read and redirects to its reading
// pane with the list's query kept. Uses its own row only, holding the e-mail state shared meanwhile:
// the Inbox's browser tests empty the emails table while they hold it (tests/setup/shared-settings.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { emails } from "../../db/schema";
import { baseUrl, signIn } from "../setup/http";
import { holdShared } from "../setup/shared-settings";

const tag = `open${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let office = "";
let emailId = 0;
let releaseEmail: (() => Promise<void>) | undefined;

const isRead = async () =>
  (await (await getDb()).select({ isRead: emails.isRead }).from(emails).where(eq(emails.id, emailId)))[0].isRead;

beforeAll(async () => {
  releaseEmail = await holdShared("email", "rely");
  office = await signIn("office");
  const [row] = await (
    await getDb()
  )
    .insert(emails)
    .values({ provider: "gmail", messageId: `<${tag}@test>`, subject: `Open me ${tag}`, fromEmail: "a@example.test" })
    .returning({ id: emails.id });
  emailId = row.id;
}, 120_000); // another file may hold the e-mail state for its whole run

afterAll(async () => {
  if (emailId) await (await getDb()).delete(emails).where(eq(emails.id, emailId));
  await releaseEmail?.();
  await closeDb();
});

describe("opening an Inbox message", () => {
  it("shows it on GET without marking it read", async () => {
    const res = await fetch(`${baseUrl()}/inbox?email=${emailId}`, { headers: { Cookie: office } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Open me ${tag}`);
    expect(await isRead()).toBe(false);
  });

  it("marks it read on POST and lands on the reading pane, keeping the list's query", async () => {
    const res = await fetch(`${baseUrl()}/inbox?search=${tag}&page=1&reply=1`, {
      method: "POST",
      headers: { Cookie: office, Origin: baseUrl() },
      body: new URLSearchParams({ intent: "open", emailId: String(emailId) }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/inbox?search=${tag}&page=1&email=${emailId}`);
    expect(await isRead()).toBe(true);
  });
});
