// The installer's counters open the tasks they count (issue 14 item 3): Tasks Today opens the Tasks
// list with "My tasks only" and "Due today", Completed Today with "Done today", and each list holds
// as many tasks as its counter says. The "when" filter (overdue, due today or this week, done today
// or this week, in the business time zone) and "My tasks only" work without JavaScript and on
// /api/tasks (`when`). A user of their own, so no other file's tasks come into it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray, like, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { tasks, users } from "../../db/schema";
import { getSettings } from "~/models/settings.server";
import { addDays, businessToday, weekStart } from "~/utils/dates";
import { hashPassword } from "~/utils/password.server";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `mt${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PASSWORD = `Mine-${tag}-7Q!`;
const ids: Record<string, number> = {};
let userId = 0;
let cookie = "";

beforeAll(async () => {
  const db = await getDb();
  const [me] = await db
    .insert(users)
    .values({
      username: `mt_inst_${tag}`,
      passwordHash: await hashPassword(PASSWORD),
      name: `Tess-${tag}`,
      role: "installer",
    })
    .returning({ id: users.id });
  userId = me.id;
  const today = businessToday((await getSettings(db)).system.timeZone);
  const monday = weekStart(today);
  // A day of this week other than today; before today on most days, so the task is done (done long
  // ago): due this week, never overdue, not done this week, whichever day the suite runs.
  const inWeek = monday === today ? addDays(today, 1) : monday;
  const rows = [
    { key: "dueToday", dueDate: today, status: "open" },
    { key: "cancelledToday", dueDate: today, status: "cancelled" },
    { key: "late", dueDate: addDays(today, -40), status: "blocked" },
    {
      key: "lateDone",
      dueDate: addDays(today, -40),
      status: "done",
      completedAt: new Date(Date.now() - 40 * 86_400_000),
    },
    { key: "doneNow", dueDate: null, status: "done", completedAt: new Date() },
    { key: "thisWeek", dueDate: inWeek, status: "done", completedAt: new Date(Date.now() - 40 * 86_400_000) },
  ];
  const made = await db
    .insert(tasks)
    .values(rows.map(({ key, ...r }) => ({ ...r, title: `${key} ${tag}`, assignedToUserId: me.id })))
    .returning({ id: tasks.id, title: tasks.title });
  for (const m of made) ids[m.title.split(" ")[0]] = m.id;
  // Someone else's task due today: never on my lists.
  await db.insert(tasks).values({ title: `othersToday ${tag}`, dueDate: today, status: "open" });
  cookie = await signIn(`mt_inst_${tag}`, PASSWORD);
}, 60_000);

afterAll(async () => {
  const db = await getDb();
  await db.delete(tasks).where(like(tasks.title, `%${tag}%`));
  await db.execute(sql`delete from activity_log where user_id = ${userId}`);
  await db.delete(users).where(inArray(users.id, [userId]));
});

async function html(path: string) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(res.status, path).toBe(200);
  return res.text();
}

const titlesOn = (page: string) => [...page.matchAll(new RegExp(`>(\\w+) ${tag}<`, "g"))].map((m) => m[1]).sort();

describe("My tasks and when they are due", () => {
  it("each of the installer's counters opens a list of exactly the tasks it counts", async () => {
    const home = await html("/");
    // A counter is a link around its title and figure: the figure, then the <a> it is in.
    const counter = (title: string) => {
      const at = home.indexOf(`data-testid="metric-${title}"`);
      expect(at, title).toBeGreaterThan(0);
      const link = home.slice(home.lastIndexOf("<a ", at), at);
      const value = home.slice(at).match(/^[^>]*>([\d,]+)</)![1];
      return {
        href: link.match(/href="([^"]+)"/)![1].replaceAll("&amp;", "&"),
        value: Number(value.replaceAll(",", "")),
      };
    };
    const today = counter("Tasks Today");
    expect(today).toEqual({ href: "/tasks?when=today&mine=1", value: 1 });
    const done = counter("Completed Today");
    expect(done).toEqual({ href: "/tasks?when=done-today&mine=1", value: 1 });
    const dueList = await html(today.href);
    expect(dueList).toContain(">My Tasks <");
    expect(titlesOn(dueList)).toEqual(["dueToday"]);
    expect(titlesOn(await html(done.href))).toEqual(["doneNow"]);
    // My Tasks' View All is every task of mine.
    expect(home).toContain('href="/tasks?mine=1"');
    expect(titlesOn(await html("/tasks?mine=1"))).toEqual(
      ["cancelledToday", "doneNow", "dueToday", "late", "lateDone", "thisWeek"].sort(),
    );
  });

  it("overdue is still to be done and due before today; this week is Monday to Sunday, not cancelled", async () => {
    expect(titlesOn(await html("/tasks?when=overdue&mine=1"))).toEqual(["late"]);
    expect(titlesOn(await html("/tasks?when=week&mine=1"))).toEqual(["dueToday", "thisWeek"].sort());
    expect(titlesOn(await html("/tasks?when=done-week&mine=1"))).toEqual(["doneNow"]);
    // Without My tasks only, another person's task due today is listed too.
    expect(titlesOn(await html(`/tasks?when=today&search=${tag}`))).toEqual(["dueToday", "othersToday"]);
  });

  it("/api/tasks reads when, and refuses an unknown one", async () => {
    const res = await api(`/api/tasks?assignedToUserId=${userId}&when=overdue`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.map((t: { id: number }) => t.id)).toEqual([ids.late]);
    const bad = await api(`/api/tasks?when=yesterday`, { cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("when must be one of");
  });
});
