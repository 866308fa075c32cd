// The installer's Quick Actions (issue 14 item 3): Report Issue and Request Materials become tasks
// on the job for the office; Update Progress sets the job's status and a phase with a dated note;
// each leaves an activity entry by the installer. Rows carry this file's unique tag.
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { activityLog, customers, jobPhases, jobs, tasks, users } from "../../db/schema";
import { fieldJobs, reportIssue, requestMaterials, updateProgress } from "../../app/models/field-report.server";
import { RequestMaterialsSchema, UpdateProgressSchema } from "../../app/schemas/field-report";
import { isRefusal } from "../../app/utils/refusal.server";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `fr${Date.now().toString(36)}`;
let jobId = 0;
let phaseId = 0;
let actor = { id: 0, name: "" };

beforeAll(async () => {
  const db = await getDb();
  const [installer] = await db.select().from(users).where(eq(users.username, "installer"));
  actor = { id: installer.id, name: installer.name };
  const [c] = await db
    .insert(customers)
    .values({ name: `Field ${tag}` })
    .returning();
  const [j] = await db
    .insert(jobs)
    .values({ customerId: c.id, title: `Attic built-ins ${tag}`, status: "approved" })
    .returning();
  jobId = j.id;
  const [p] = await db.insert(jobPhases).values({ jobId, name: "Install", sortOrder: 1 }).returning();
  phaseId = p.id;
});

afterAll(async () => {
  const db = await getDb();
  const mine = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(like(jobs.title, `%${tag}%`));
  const ids = mine.map((j) => j.id);
  if (ids.length) {
    await db.delete(activityLog).where(inArray(activityLog.jobId, ids));
    await db.delete(tasks).where(inArray(tasks.jobId, ids));
    await db.delete(jobs).where(inArray(jobs.id, ids));
  }
  await db.delete(customers).where(like(customers.name, `%${tag}%`));
});

describe("installer quick actions", () => {
  it("Report Issue: an open, unassigned task of type issue on the job, logged by the installer", async () => {
    const db = await getDb();
    const { task } = await reportIssue(db, { jobId, title: "Cracked panel", priority: "high" }, actor);
    expect(task).toMatchObject({ type: "issue", status: "open", priority: "high", jobId, assignedToUserId: null });
    expect(task.description).toBe(`Reported by ${actor.name}.`);
    const [entry] = await db.select().from(activityLog).where(eq(activityLog.jobId, jobId));
    expect(entry).toMatchObject({ type: "issue_reported", userId: actor.id, title: "Issue reported: Cracked panel" });
  });

  it("Request Materials: a task naming each item and quantity; blank rows are dropped, a half-filled row refused", async () => {
    const db = await getDb();
    const parsed = RequestMaterialsSchema.safeParse({
      jobId: String(jobId),
      items: [
        { name: "Birch ply 3/4", quantity: "4" },
        { name: "", quantity: "" },
        { name: "Hinges", quantity: "12.50" },
      ],
      neededBy: "2031-05-01",
    });
    expect(parsed.success).toBe(true);
    const { task, lines } = await requestMaterials(db, parsed.data!, actor);
    expect(lines).toEqual(["4 × Birch ply 3/4", "12.5 × Hinges"]);
    expect(task).toMatchObject({ type: "materials", status: "open", dueDate: "2031-05-01", jobId });
    expect(task.title).toBe(`Materials for Attic built-ins ${tag}: 2 items`);
    expect(task.description).toContain("- 4 × Birch ply 3/4\n- 12.5 × Hinges");

    const half = RequestMaterialsSchema.safeParse({ jobId: String(jobId), items: [{ name: "Screws", quantity: "" }] });
    expect(half.success).toBe(false);
    expect(half.error!.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([
      "items.0.quantity",
      "Enter the quantity",
    ]);
    const none = RequestMaterialsSchema.safeParse({ jobId: String(jobId), items: [{ name: "", quantity: "" }] });
    expect(none.error!.issues.map((i) => i.message)).toContain("Name at least one item and its quantity");
    const zero = RequestMaterialsSchema.safeParse({ jobId: String(jobId), items: [{ name: "Glue", quantity: "0" }] });
    expect(zero.error!.issues.map((i) => i.message)).toContain("Quantity must be greater than zero");
  });

  it("Update Progress: status, the phase and a dated note on the job; a phase of another job is refused", async () => {
    const db = await getDb();
    const input = UpdateProgressSchema.parse({
      jobId: String(jobId),
      status: "in-progress",
      phaseId: String(phaseId),
      phaseStatus: "in-progress",
      note: "Carcasses hung",
    });
    const job = await updateProgress(db, input, actor, "2031-04-02");
    expect(job.status).toBe("in-progress");
    expect(job.notes).toBe(`2031-04-02 · ${actor.name}: Carcasses hung`);
    const [phase] = await db.select().from(jobPhases).where(eq(jobPhases.id, phaseId));
    expect(phase).toMatchObject({ status: "in-progress", actualStart: "2031-04-02" });

    const done = await updateProgress(
      db,
      { ...input, status: "completed", phaseStatus: "done", note: "Done" },
      actor,
      "2031-04-03",
    );
    expect(done).toMatchObject({ status: "completed", completionDate: "2031-04-03" });
    expect(done.notes).toBe(`2031-04-02 · ${actor.name}: Carcasses hung\n2031-04-03 · ${actor.name}: Done`);
    const entries = await db.select().from(activityLog).where(eq(activityLog.type, "job_progress"));
    expect(entries.filter((e) => e.jobId === jobId).map((e) => e.description)).toContain(
      "in-progress → completed · Install: done · Done",
    );

    const refused = await updateProgress(db, { ...input, phaseId: 2_147_483_000 }, actor, "2031-04-03").catch((e) => e);
    expect(isRefusal(refused) && refused.message).toBe("That phase is not part of this job");
  });
});

describe("the Quick Actions' job select", () => {
  it("offers the job a link names even past the select's cut, if it is approved or in progress", async () => {
    const db = await getDb();
    const [c] = await db
      .insert(customers)
      .values({ name: `Select ${tag}` })
      .returning();
    // Old jobs with no task of the installer's, so a cut of one (their own jobs, then the newest) never keeps them.
    const old = new Date("2001-02-03T12:00:00Z");
    const [last, done] = await db
      .insert(jobs)
      .values([
        // Approved, not in progress: the installer's Home lists the jobs in progress (homes.test counts them).
        { customerId: c.id, title: `zzzz Last pantry ${tag}`, status: "approved", createdAt: old },
        { customerId: c.id, title: `zzzz Finished vanity ${tag}`, status: "completed", createdAt: old },
      ])
      .returning();
    const cut = await fieldJobs(db, actor.id, { limit: 1 });
    expect(cut).toHaveLength(1);
    expect(cut[0].id).not.toBe(last.id);
    const asked = await fieldJobs(db, actor.id, { limit: 1, asked: last.id });
    // The asked job first, then the cut's one (another file may add a job meanwhile: not compared by id).
    expect(asked).toHaveLength(2);
    expect(asked[0].id).toBe(last.id);
    expect(asked[1].id).not.toBe(last.id);
    expect(asked[0]).toMatchObject({ title: last.title, status: "approved", customerName: c.name });
    // A completed job is not one to report on.
    const notDone = await fieldJobs(db, actor.id, { limit: 1, asked: done.id });
    expect(notDone).toHaveLength(1);
    expect(notDone[0].id).not.toBe(done.id);

    // Through the pages: the job's menu links to the three forms, each opening on the job.
    const cookie = await signIn("installer");
    const jobPage = await (await fetch(`${baseUrl()}/jobs/${last.id}`, { headers: { Cookie: cookie } })).text();
    for (const form of ["report-issue", "request-materials", "update-progress"]) {
      expect(jobPage).toContain(`href="/${form}?jobId=${last.id}"`);
      const html = await (await fetch(`${baseUrl()}/${form}?jobId=${last.id}`, { headers: { Cookie: cookie } })).text();
      expect(html, form).toMatch(new RegExp(`<option value="${last.id}" selected=""`));
    }
    // Not on a finished job's page.
    const donePage = await (await fetch(`${baseUrl()}/jobs/${done.id}`, { headers: { Cookie: cookie } })).text();
    expect(donePage).not.toContain("/report-issue?jobId=");
  });
});

describe("the Quick Actions' job picker finds any open job", () => {
  it("lists the jobs the installer has an open task on first, then the newest others", async () => {
    const db = await getDb();
    const [c] = await db
      .insert(customers)
      .values({ name: `Order ${tag}` })
      .returning();
    // "zzzz Theirs" is old and last by title among the three: only an open task of the installer's can
    // put it at the head of the list. The other two are new, so the newest jobs' read keeps them
    // whatever other files add meanwhile.
    const old = new Date("2001-02-03T12:00:00Z");
    const [theirs, closed, fresh] = await db
      .insert(jobs)
      .values([
        { customerId: c.id, title: `zzzz Theirs ${tag}`, status: "in-progress", createdAt: old },
        { customerId: c.id, title: `zzzz Done with ${tag}`, status: "in-progress" },
        { customerId: c.id, title: `zzzz Fresh ${tag}`, status: "approved" },
      ])
      .returning();
    await db.insert(tasks).values([
      { title: `Fit doors ${tag}`, jobId: theirs.id, assignedToUserId: actor.id, status: "in-progress" },
      { title: `Old visit ${tag}`, jobId: closed.id, assignedToUserId: actor.id, status: "done" },
    ]);
    // A cut wide enough for the installer's jobs and the newest others (the large dataset's is 100).
    const listed = await fieldJobs(db, actor.id, { limit: 1000 });
    const at = (id: number) => listed.findIndex((j) => j.id === id);
    expect(at(theirs.id)).toBeGreaterThanOrEqual(0);
    // "zzzz Theirs" sorts after "zzzz Done with" and "zzzz Fresh" by title, yet comes before both:
    // an open task of theirs puts it in the first group; a finished task does not (were it counted,
    // "zzzz Done with" would be in the first group, before "zzzz Theirs").
    expect(at(closed.id)).toBeGreaterThan(at(theirs.id));
    expect(at(fresh.id)).toBeGreaterThan(at(theirs.id));
    // The cut keeps the first group first: a cut of one is one of theirs, not the newest job ("zzzz Fresh").
    const [first] = await fieldJobs(db, actor.id, { limit: 1 });
    expect(first.id).not.toBe(fresh.id);
  });

  it("without JavaScript: Find lists the open jobs matching, keeps what was typed; Update Progress's Find chooses a single match", async () => {
    const db = await getDb();
    const [c] = await db
      .insert(customers)
      .values({ name: `Finder ${tag}` })
      .returning();
    // Old jobs (the picker's short list is the first 100 by the installer's tasks and title): only Find reaches them.
    const [open, busy, finished] = await db
      .insert(jobs)
      .values([
        { customerId: c.id, title: `zzzz Boot room ${tag} bench`, status: "approved" },
        { customerId: c.id, title: `zzzz Boot room ${tag} lockers`, status: "in-progress" },
        { customerId: c.id, title: `zzzz Boot room ${tag} shelf`, status: "completed" },
      ])
      .returning();
    await db.insert(jobPhases).values({ jobId: busy.id, name: `Fit lockers ${tag}`, sortOrder: 1 });
    const cookie = await signIn("installer");
    const post = (form: string, fields: Record<string, string>) =>
      fetch(`${baseUrl()}/${form}`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: baseUrl() },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });

    // Report Issue: Enter in the Find box (a plain submit with a new search typed) is a Find, not a save.
    const found = await post("report-issue", {
      jobId: "",
      findJob: `Boot room ${tag}`,
      findJobListed: "",
      title: "Loose hinge",
      priority: "high",
    });
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain(`2 jobs match “Boot room ${tag}”.`);
    expect(html).toContain(`<option value="${open.id}">`);
    expect(html).toContain(`<option value="${busy.id}">`);
    expect(html).not.toContain(`value="${finished.id}"`);
    expect(html).toContain('value="Loose hinge"');
    expect(
      await db
        .select()
        .from(tasks)
        .where(inArray(tasks.jobId, [open.id, busy.id])),
    ).toEqual([]);

    // Its button with one match: that job is chosen, and a save then reports on it.
    const one = await post("request-materials", {
      jobId: "",
      findJob: `${tag} lockers`,
      findJobListed: "",
      intent: "find-openJob",
    });
    expect(one.status).toBe(200);
    expect(await one.text()).toMatch(new RegExp(`<option value="${busy.id}" selected=""`));
    const saved = await post("report-issue", { jobId: String(busy.id), title: `Loose hinge ${tag}`, priority: "low" });
    expect(saved.status).toBe(302);
    const [issue] = await db.select().from(tasks).where(eq(tasks.jobId, busy.id));
    expect(issue).toMatchObject({ title: `Loose hinge ${tag}`, type: "issue", priority: "low" });

    // Update Progress chooses its job in a GET form: a Find with one match goes straight to the job's step.
    const query = new URLSearchParams({
      jobId: "",
      findJob: `${tag} lockers`,
      findJobListed: "",
      intent: "find-openJob",
    });
    const progress = await (
      await fetch(`${baseUrl()}/update-progress?${query}`, { headers: { Cookie: cookie } })
    ).text();
    expect(progress).toContain(`name="jobId" value="${busy.id}"`);
    expect(progress).toContain(`Fit lockers ${tag}`);
    const none = new URLSearchParams({ findJob: `${tag} shelf`, intent: "find-openJob" });
    const nothing = await (await fetch(`${baseUrl()}/update-progress?${none}`, { headers: { Cookie: cookie } })).text();
    expect(nothing).toContain(`No job matches “${tag} shelf”.`);
    expect(nothing).toContain("Choose a job to update.");
  });

  it("with JavaScript it searches /api/jobs, which takes several statuses", async () => {
    const db = await getDb();
    const [c] = await db
      .insert(customers)
      .values({ name: `Api finder ${tag}` })
      .returning();
    const made = await db
      .insert(jobs)
      .values(
        (["quoted", "approved", "in-progress", "completed", "cancelled"] as const).map((status) => ({
          customerId: c.id,
          title: `Mudroom ${tag} ${status}`,
          status,
        })),
      )
      .returning();
    const cookie = await signIn("installer");
    const open = await api(`/api/jobs?status=approved,in-progress&search=Mudroom%20${tag}`, { cookie });
    expect(open.status).toBe(200);
    const rows: Array<{ id: number; status: string }> = open.body;
    expect(rows.map((r) => r.status).sort()).toEqual(["approved", "in-progress"]);
    expect(rows.every((r) => made.some((m) => m.id === r.id))).toBe(true);
    const one = await api(`/api/jobs?status=completed&search=Mudroom%20${tag}%20completed`, { cookie });
    expect(one.body.map((r: { id: number }) => r.id)).toEqual([made[3].id]);
    const bad = await api(`/api/jobs?status=approved,bogus`, { cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      "status must be one or more of quoted, approved, in-progress, completed, cancelled, comma-separated",
    );
  });
});
