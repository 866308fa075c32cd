// What a customer's and a job's pages show besides their own tables (app/services/customer-page.server.ts,
// job-page.server.ts): the photo strip (the newest 8 photos and how many there are), the linked
// e-mails (the newest 10, undated first, and how many) and the customer's history (the newest 10).
// Each is a prepared statement per link column (docs/decisions/prepared-statements.md); this file's
// own customer, jobs, photos, e-mails and entries only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { activityLog, customers, emails, jobs, photos } from "../../db/schema";
import { recentActivity } from "../../app/models/activity.server";
import { linkedEmails } from "../../app/models/inbox.server";
import { photoStrip } from "../../app/models/photos.server";
import { holdShared } from "../setup/shared-settings";

const tag = `rp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let customerId = 0;
let otherCustomerId = 0;
let jobId = 0;
let otherJobId = 0;
const photoIds: number[] = [];
const emailIds: number[] = [];
let releaseEmail: (() => Promise<void>) | undefined;

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));

beforeAll(async () => {
  // The Inbox's browser tests empty the e-mails table while they hold the e-mail state.
  releaseEmail = await holdShared("email", "rely");
  const db = await getDb();
  const [c, other] = await db
    .insert(customers)
    .values([{ name: `Strip Customer ${tag}` }, { name: `Other Customer ${tag}` }])
    .returning({ id: customers.id });
  customerId = c.id;
  otherCustomerId = other.id;
  const [j, otherJob] = await db
    .insert(jobs)
    .values([
      { customerId, title: `Strip Job ${tag}` },
      { customerId, title: `Other Job ${tag}` },
    ])
    .returning({ id: jobs.id });
  jobId = j.id;
  otherJobId = otherJob.id;
  // Ten photos of the customer (the last three also on the job), one of another customer and one of
  // the customer's other job, each a minute newer than the one before.
  const photo = (i: number, links: { customerId: number; jobId?: number }) => ({
    ...links,
    title: `Photo ${i} ${tag}`,
    filename: `${tag}-${i}.jpg`,
    originalName: `${tag}-${i}.jpg`,
    fileSize: 1000 + i,
    mimeType: "image/jpeg",
    objectPath: `test/${tag}/${i}.jpg`,
    createdAt: at(i),
  });
  const inserted = await db
    .insert(photos)
    .values([
      ...Array.from({ length: 10 }, (_, i) => photo(i, i >= 7 ? { customerId, jobId } : { customerId })),
      photo(10, { customerId: otherCustomerId }),
      photo(11, { customerId, jobId: otherJobId }),
    ])
    .returning({ id: photos.id });
  photoIds.push(...inserted.map((p) => p.id));
  // Twelve e-mails of the customer (one not dated yet), two of them also the job's.
  const mail = (i: number, links: { customerId: number; jobId?: number }, receivedAt: Date | null) => ({
    ...links,
    provider: "gmail",
    messageId: `<${tag}-${i}@test>`,
    subject: `Mail ${i} ${tag}`,
    fromEmail: "client@example.test",
    receivedAt,
  });
  const sent = await db
    .insert(emails)
    .values([
      ...Array.from({ length: 11 }, (_, i) => mail(i, i >= 9 ? { customerId, jobId } : { customerId }, at(i))),
      mail(11, { customerId }, null),
      mail(12, { customerId: otherCustomerId }, at(30)),
    ])
    .returning({ id: emails.id });
  emailIds.push(...sent.map((e) => e.id));
  await db.insert(activityLog).values(
    Array.from({ length: 12 }, (_, i) => ({
      type: "customer_created",
      title: `Entry ${i} ${tag}`,
      customerId,
      createdAt: at(i),
    })),
  );
}, 120_000); // another file may hold the e-mail state for its whole run

afterAll(async () => {
  const db = await getDb();
  if (photoIds.length) await db.delete(photos).where(inArray(photos.id, photoIds));
  if (emailIds.length) await db.delete(emails).where(inArray(emails.id, emailIds));
  await db.delete(activityLog).where(inArray(activityLog.customerId, [customerId, otherCustomerId]));
  await db.delete(jobs).where(inArray(jobs.id, [jobId, otherJobId]));
  await db.delete(customers).where(inArray(customers.id, [customerId, otherCustomerId]));
  await releaseEmail?.();
  await closeDb();
});

describe("a record page's side reads", () => {
  it("the photo strip: a customer's 8 newest photos and all 11 counted; a job's own 3", async () => {
    const db = await getDb();
    const customer = await photoStrip(db, { customerId });
    expect(customer.total).toBe(11);
    expect(customer.photos.map((p) => p.title)).toEqual([11, 9, 8, 7, 6, 5, 4, 3].map((i) => `Photo ${i} ${tag}`));
    expect(customer.photos[0]).toEqual({
      id: photoIds[11],
      title: `Photo 11 ${tag}`,
      description: null,
      originalName: `${tag}-11.jpg`,
      tags: [],
      thumbnailPath: null,
      derivativeStatus: "pending",
    });
    const job = await photoStrip(db, { jobId });
    expect(job.total).toBe(3);
    expect(job.photos.map((p) => p.title)).toEqual([9, 8, 7].map((i) => `Photo ${i} ${tag}`));
    expect(await photoStrip(db, { jobId: otherJobId })).toMatchObject({ total: 1, photos: [{ id: photoIds[11] }] });
  });

  it("linked e-mails: the undated one first, then the newest, 10 of the customer's 12; the job's 2", async () => {
    const db = await getDb();
    const customer = await linkedEmails(db, { customerId });
    expect(customer.total).toBe(12);
    expect(customer.rows.map((r) => r.subject)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Mail ${i} ${tag}`),
    );
    const job = await linkedEmails(db, { jobId }, 1);
    expect(job.total).toBe(2);
    expect(job.rows.map((r) => r.subject)).toEqual([`Mail 10 ${tag}`]);
  });

  it("the customer's history: its 10 newest entries", async () => {
    const history = await recentActivity(await getDb(), { customerId, limit: 10 });
    expect(history.map((a) => a.title)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Entry ${i} ${tag}`));
    expect(await recentActivity(await getDb(), { customerId: otherCustomerId })).toEqual([]);
  });
});
