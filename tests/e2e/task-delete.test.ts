// Deleting a task from the Tasks list without JavaScript (issue 15 item 8): the row menu's Delete
// asks first, then removes it with a toast; installers, who may not delete, have no Delete.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, listRows, newContext, rowAction, signInAs } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `td${Date.now().toString(36)}`;
let browser: Browser;
const title = `${tag} Order crown moulding`;

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await signIn("owner");
  const res = await api("/api/tasks", {
    method: "POST",
    cookie: owner,
    json: { title },
    headers: { Origin: baseUrl() },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
});

afterAll(async () => {
  await browser?.close();
});

describe("deleting a task", () => {
  it("an installer's row menu has no Delete", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "installer");
    await page.goto(`/tasks?search=${tag}`);
    const row = listRows(page, "Tasks").filter({ hasText: title });
    await row.locator("a[aria-expanded]").click();
    expect(await row.getByRole("link", { name: "Edit", exact: true }).count()).toBe(1);
    expect(await row.getByRole("link", { name: "Delete", exact: true }).count()).toBe(0);
    await context.close();
  });

  it("the office deletes it after confirming, and the list keeps its search", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto(`/tasks?search=${tag}`);
    const row = listRows(page, "Tasks").filter({ hasText: title });
    await (await rowAction(row, "Delete")).click();
    await page.getByText(`Are you sure you want to delete ${title}?`).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText(`${title} has been deleted.`).waitFor();
    expect(new URL(page.url()).searchParams.get("search")).toBe(tag);
    expect(await listRows(page, "Tasks").filter({ hasText: title }).count()).toBe(0);
    await context.close();
  });
});
