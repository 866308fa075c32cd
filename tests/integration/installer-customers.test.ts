// Issue 10 item 5: installers do not read the customer directory or money. The task dialog's customer
// picker offers a role without customer read only the id and name of customers linked to a job or a
// task (docs/decisions/installer-customer-picker.md), in its list, its preselected choice and its
// no-JS Find; job costs reach them nowhere (list, page, /api).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray, like, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { customers, jobs, tasks, users } from "../../db/schema";
import { customerOptions } from "~/models/customer.server";
import { hashPassword } from "~/utils/password.server";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `ic${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PASSWORD = `Picker-${tag}-5Z!`;
let installer = "";
let owner = "";
const made: { users: number[]; customers: Record<string, number>; job: number; task: number } = {
  users: [],
  customers: {},
  job: 0,
  task: 0,
};

beforeAll(async () => {
  const db = await getDb();
  const hash = await hashPassword(PASSWORD);
  const people = await db
    .insert(users)
    .values([
      { username: `ic_inst_${tag}`, passwordHash: hash, name: `Inst ${tag}`, role: "installer" },
      { username: `ic_owner_${tag}`, passwordHash: hash, name: `Owner ${tag}`, role: "owner" },
    ])
    .returning({ id: users.id });
  made.users = people.map((p) => p.id);
  // Linked by a job, linked by a task only, and one without any work: the newest, a directory entry.
  const [withJob, withTask, loose] = await db
    .insert(customers)
    .values([
      { name: `Jobbed ${tag}`, email: `jobbed.${tag}@example.com`, phone: "802-555-0161" },
      { name: `Tasked ${tag}`, email: `tasked.${tag}@example.com`, phone: "802-555-0162" },
      { name: `Loose ${tag}`, email: `loose.${tag}@example.com`, phone: "802-555-0163" },
    ])
    .returning({ id: customers.id });
  made.customers = { withJob: withJob.id, withTask: withTask.id, loose: loose.id };
  const [job] = await db
    .insert(jobs)
    .values({ customerId: withJob.id, title: `Picker job ${tag}`, estimatedCost: "4321.09", actualCost: "5432.10" })
    .returning({ id: jobs.id });
  made.job = job.id;
  const [task] = await db
    .insert(tasks)
    .values({ title: `Picker task ${tag}`, customerId: withTask.id })
    .returning({ id: tasks.id });
  made.task = task.id;
  [installer, owner] = await Promise.all([signIn(`ic_inst_${tag}`, PASSWORD), signIn(`ic_owner_${tag}`, PASSWORD)]);
}, 60_000);

afterAll(async () => {
  const db = await getDb();
  await db.execute(sql`delete from tasks where title like ${`%${tag}%`}`);
  await db.execute(sql`delete from jobs where title like ${`%${tag}%`}`);
  await db.delete(customers).where(like(customers.name, `%${tag}%`));
  if (made.users.length) await db.delete(users).where(inArray(users.id, made.users));
});

async function page(path: string, cookie: string, form?: Record<string, string>) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: form ? "POST" : "GET",
    body: form ? new URLSearchParams(form) : undefined,
    headers: { Cookie: cookie, Origin: baseUrl() },
    redirect: "manual",
  });
  return { status: res.status, text: await res.text() };
}

describe("the task dialog's customer picker", () => {
  it("model: the linked scope lists id and name of customers with a job or task only", async () => {
    const db = await getDb();
    const rows = await customerOptions(db, { search: tag, scope: "linked" });
    expect(rows).toEqual([
      { id: made.customers.withJob, name: `Jobbed ${tag}`, email: null, phone: null },
      { id: made.customers.withTask, name: `Tasked ${tag}`, email: null, phone: null },
    ]);
    expect(await customerOptions(db, { includeId: made.customers.loose, limit: 0, scope: "linked" })).toEqual([]);
    expect(await customerOptions(db, { includeId: made.customers.withTask, limit: 0, scope: "linked" })).toEqual([
      { id: made.customers.withTask, name: `Tasked ${tag}`, email: null, phone: null },
    ]);
    // Only names are searched: an e-mail address finds nothing.
    expect(await customerOptions(db, { search: `jobbed.${tag}@`, scope: "linked" })).toEqual([]);
    // Staff keep the whole directory.
    expect((await customerOptions(db, { search: tag })).map((r) => r.email)).toEqual([
      `jobbed.${tag}@example.com`,
      `loose.${tag}@example.com`,
      `tasked.${tag}@example.com`,
    ]);
  });

  it("an installer's dialog never carries a customer without work, nor e-mail or phone", async () => {
    for (const path of ["/tasks/new", "/tasks/new.data", `/tasks/${made.task}/edit`, `/tasks/${made.task}/edit.data`]) {
      const res = await page(path, installer);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(`Loose ${tag}`);
      expect(res.text, path).not.toContain(`@example.com`);
      expect(res.text, path).not.toContain("802-555-016");
    }
    // A preselected customer shows when linked, and not at all otherwise.
    const linked = await page(`/tasks/new.data?customerId=${made.customers.withJob}`, installer);
    expect(linked.text).toContain(`Jobbed ${tag}`);
    expect(linked.text).not.toContain(`jobbed.${tag}@example.com`);
    const loose = await page(`/tasks/new.data?customerId=${made.customers.loose}`, installer);
    expect(loose.status).toBe(200);
    expect(loose.text).not.toContain(`Loose ${tag}`);
    // The edit dialog of a task keeps its (linked) customer.
    expect((await page(`/tasks/${made.task}/edit.data`, installer)).text).toContain(`Tasked ${tag}`);
  });

  it("the no-JS Find searches linked customers by name only, without e-mail or phone", async () => {
    const find = (search: string) =>
      page("/tasks/new", installer, {
        title: "",
        customerId: "",
        findCustomer: search,
        findCustomerListed: "",
        jobId: "",
        findJob: "",
        findJobListed: "",
        intent: "find-customer",
      });
    const found = await find(tag);
    expect(found.status).toBe(200);
    expect(found.text).toContain(`Jobbed ${tag}`);
    expect(found.text).toContain(`Tasked ${tag}`);
    expect(found.text).not.toContain(`Loose ${tag}`);
    expect(found.text).not.toContain("@example.com");
    const byMail = await find(`loose.${tag}@example.com`);
    expect(byMail.text).not.toContain(`Loose ${tag}`);
  });

  it("staff still get every customer with e-mail and phone", async () => {
    const res = await page(`/tasks/new.data?customerId=${made.customers.loose}`, owner);
    expect(res.text).toContain(`Loose ${tag}`);
    expect(res.text).toContain(`loose.${tag}@example.com`);
  });
});

describe("job costs", () => {
  it("reach the owner, never an installer: /api/jobs, /api/jobs/:id, the list and the job page", async () => {
    const one = await api(`/api/jobs/${made.job}`, { cookie: installer });
    expect(one.status).toBe(200);
    expect(one.body.title).toBe(`Picker job ${tag}`);
    expect(one.body).not.toHaveProperty("estimatedCost");
    expect(one.body).not.toHaveProperty("actualCost");
    const list = await api(`/api/jobs?search=${tag}`, { cookie: installer });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty("estimatedCost");
    expect(list.body[0]).not.toHaveProperty("actualCost");
    for (const path of [
      `/jobs?search=${tag}`,
      `/jobs.data?search=${tag}`,
      `/jobs/${made.job}`,
      `/jobs/${made.job}.data`,
    ]) {
      const res = await page(path, installer);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain(`Picker job ${tag}`);
      for (const amount of ["4321.09", "4,321.09", "5432.10", "5,432.10", "Estimated Cost", "Estimate vs actual"])
        expect(res.text, `${path}: ${amount}`).not.toContain(amount);
    }
    // The job page shows the installer where to go, not the customer's record.
    const detail = await page(`/jobs/${made.job}.data`, installer);
    expect(detail.text).toContain("802-555-0161");
    expect(detail.text).not.toContain(`jobbed.${tag}@example.com`);

    const staff = await api(`/api/jobs/${made.job}`, { cookie: owner });
    expect(staff.body).toMatchObject({ estimatedCost: "4321.09", actualCost: "5432.10" });
    const staffPage = await page(`/jobs/${made.job}`, owner);
    expect(staffPage.text).toContain("$4,321.09");
    expect((await page(`/jobs?search=${tag}`, owner)).text).toContain("Estimated Cost");
  });
});
