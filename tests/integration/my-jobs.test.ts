// "My jobs" (issue 14 item 3): the installer's My Current Jobs lists the jobs in progress they hold a
// task on, not every job in progress; its View All opens the Jobs list with "My jobs only", which
// any role may tick (and /api/jobs reads as `mine=1`). The counter Active Jobs still counts every job
// in progress (the spec's). A user of their own, so no other file's tasks or jobs come into it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, like, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { customers, jobs, tasks, users } from "../../db/schema";
import { installerDay } from "~/models/task.server";
import { hashPassword } from "~/utils/password.server";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `mj${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PASSWORD = `Mine-${tag}-7Q!`;
const made = {
  user: 0,
  other: 0,
  customer: 0,
  job: {} as Record<"fitting" | "finishing" | "others" | "approved" | "completed", number>,
};
let cookie = "";

beforeAll(async () => {
  const db = await getDb();
  const hash = await hashPassword(PASSWORD);
  const [me, other] = await db
    .insert(users)
    .values([
      { username: `mj_inst_${tag}`, passwordHash: hash, name: `Mina ${tag}`, role: "installer" },
      { username: `mj_other_${tag}`, passwordHash: hash, name: `Otto ${tag}`, role: "installer" },
    ])
    .returning({ id: users.id });
  made.user = me.id;
  made.other = other.id;
  const [customer] = await db
    .insert(customers)
    .values({ name: `Mine customer ${tag}` })
    .returning({ id: customers.id });
  made.customer = customer.id;
  const job = async (title: string, status: string, startDate: string) => {
    const [row] = await db
      .insert(jobs)
      .values({ customerId: customer.id, title: `${title} ${tag}`, status, startDate })
      .returning({ id: jobs.id });
    return row.id;
  };
  made.job = {
    // In progress with an open task of mine; with a finished one of mine (still my job); in progress
    // with only another installer's task; approved with a task of mine (not in progress).
    fitting: await job("Fitting", "in-progress", "2031-03-02"),
    finishing: await job("Finishing", "in-progress", "2031-03-01"),
    others: await job("Others", "in-progress", "2031-02-01"),
    approved: await job("Approved", "approved", "2031-01-01"),
    completed: await job("Completed", "completed", "2030-12-01"),
  };
  await db.insert(tasks).values([
    { title: `Fit doors ${tag}`, jobId: made.job.fitting, assignedToUserId: me.id },
    { title: `Oil tops ${tag}`, jobId: made.job.finishing, assignedToUserId: me.id, status: "done" },
    { title: `Someone else ${tag}`, jobId: made.job.others, assignedToUserId: other.id },
    { title: `Measure ${tag}`, jobId: made.job.approved, assignedToUserId: me.id },
    { title: `Snag list ${tag}`, jobId: made.job.completed, assignedToUserId: me.id, status: "done" },
  ]);
  cookie = await signIn(`mj_inst_${tag}`, PASSWORD);
}, 60_000);

afterAll(async () => {
  const db = await getDb();
  await db.delete(tasks).where(like(tasks.title, `%${tag}%`));
  await db.delete(jobs).where(eq(jobs.customerId, made.customer));
  await db.delete(customers).where(eq(customers.id, made.customer));
  await db.execute(sql`delete from activity_log where user_id in (${made.user}, ${made.other})`);
  await db.delete(users).where(inArray(users.id, [made.user, made.other]));
});

async function html(path: string) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(res.status, path).toBe(200);
  return res.text();
}

describe("My jobs", () => {
  it("My Current Jobs are the jobs in progress I hold a task on, oldest start first", async () => {
    const db = await getDb();
    const day = await installerDay(db, made.user, "2031-03-05", new Date(), new Date(Date.now() + 60_000));
    expect(day.currentJobs.map((j) => j.id)).toEqual([made.job.finishing, made.job.fitting]);
    // The counter is every job in progress (the spec's Active Jobs), ours among them.
    expect(day.activeJobs).toBeGreaterThanOrEqual(3);
  });

  it("the installer's Home lists them, with View All on the Jobs list's My jobs only", async () => {
    const page = await html("/");
    const section = page.slice(page.indexOf('data-testid="current-jobs"'));
    expect(section).toContain(`Fitting ${tag}`);
    expect(section).toContain(`Finishing ${tag}`);
    expect(page).not.toContain(`Others ${tag}`);
    expect(page).toContain('href="/jobs?status=in-progress&amp;mine=1"');
  });

  it("the Jobs list's My jobs only keeps the jobs I hold a task on, without JavaScript", async () => {
    const mine = await html(`/jobs?search=${tag}&mine=1`);
    expect(mine).toContain(">My Jobs <");
    expect(mine).toMatch(/<input type="checkbox" name="mine" checked="" value="1"\/>/);
    for (const title of ["Fitting", "Finishing", "Approved", "Completed"]) expect(mine).toContain(`${title} ${tag}`);
    expect(mine).not.toContain(`Others ${tag}`);
    const inProgress = await html(`/jobs?search=${tag}&status=in-progress&mine=1`);
    expect(inProgress).toContain(`Fitting ${tag}`);
    expect(inProgress).not.toContain(`Approved ${tag}`);
    // Unticked, every job — under "Matching Jobs", since the count is the search's, not all jobs'.
    const searched = await html(`/jobs?search=${tag}`);
    expect(searched).toContain(`Others ${tag}`);
    expect(searched).toContain(">Matching Jobs <");
    expect(await html("/jobs")).toContain(">All Jobs <");
    // Active (the owner's Active Jobs card opens it): quoted, approved or in progress.
    const active = await html(`/jobs?search=${tag}&status=active&mine=1`);
    for (const title of ["Fitting", "Finishing", "Approved"]) expect(active).toContain(`${title} ${tag}`);
    expect(active).not.toContain(`Completed ${tag}`);
    expect(mine).toContain(`Completed ${tag}`);
  });

  it("the installer's Activity page is headed as theirs: it lists only their own entries", async () => {
    const page = await html("/activity");
    expect(page).toContain(">My Activity <");
    expect(page).not.toContain(">All Activity <");
  });

  it("/api/jobs reads mine=1 the same way", async () => {
    const res = await api(`/api/jobs?search=${tag}&status=in-progress&mine=1`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(res.body.map((j: { id: number }) => j.id).sort()).toEqual([made.job.fitting, made.job.finishing].sort());
    const all = await api(`/api/jobs?search=${tag}&status=in-progress`, { cookie });
    expect(all.headers.get("X-Total-Count")).toBe("3");
  });
});
