// The large dataset (docs/performance.md): a big shop's history — 20k customers, 60k jobs, 60k quotes
// with 300k items, 50k invoices, 100k payments, 200k photos, 100k e-mails, 10 resources with 8k
// schedule events, 40k tasks, 5k inventory items and 500k inventory transactions, and the activity log
// those would have written (~190k entries) — generated inside the database, for the benchmark.
import { sql } from "drizzle-orm";
import { businessToday } from "../../app/utils/dates";
import { dbKind, rows, type Database } from "../client.server";
import * as t from "../schema";
import { TASK_TYPES } from "../../app/schemas/choices";
import {
  CITIES,
  FIRST_NAMES,
  INVOICE_TERMS,
  ITEMS,
  LAST_NAMES,
  PROJECTS,
  QUOTE_TERMS,
  STREETS,
  resourceDefs,
} from "./catalogue";
import {
  SeedError,
  TAX_RATE,
  businessTimeZone,
  countUsers,
  assertDemoUsersAllowed,
  demoUserRows,
  syncNumberSequences,
} from "./shared";

export type LargeOptions = {
  /** 1 = the full sizes; 0.01 for a quick run. */
  scale?: number;
  log?: (line: string) => void;
};

const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");

/**
 * Bulk-loads the large history with INSERT … SELECT over generate_series, in one transaction, then
 * ANALYZE. Adds to whatever is there (ids, numbers, message ids and SKUs continue after existing
 * ones); creates the owner/office/installer demo users only when there are no users yet.
 */
export async function seedLarge(db: Database, opts: LargeOptions = {}) {
  const scale = opts.scale ?? 1;
  if (!(scale > 0 && scale <= 10)) throw new SeedError("--scale must be a number in (0, 10]");
  const log = opts.log ?? ((line: string) => console.log(line));
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  const N = {
    customers: n(20_000),
    jobs: n(60_000),
    invoices: n(50_000),
    payments: n(100_000),
    photos: n(200_000),
    emails: n(100_000),
    items: n(5_000),
    transactions: n(500_000),
    events: n(8_000),
    tasks: n(40_000),
  };
  const today = businessToday(businessTimeZone(), new Date());
  const D = `'${today}'::date`;
  const timings: Array<[string, number]> = [];
  const started = Date.now();

  const needUsers = (await countUsers(db)) === 0;
  if (needUsers) assertDemoUsersAllowed();
  const userRows = needUsers ? await demoUserRows(["owner", "office", "installer"]) : [];

  await db.transaction(async (tx) => {
    const exec = (text: string) => tx.execute(sql.raw(text));
    const one = async (text: string) => {
      const [row] = await rows<Record<string, string | number | null>>(tx, sql.raw(text));
      return row ?? {};
    };
    const int = (v: unknown) => Number(v ?? 0);
    /** Rows written by a statement: postgres.js reports `count`, PGlite `affectedRows`. */
    const affected = (result: unknown) => {
      const r = result as { count?: number; affectedRows?: number } | undefined;
      return typeof r?.count === "number" ? r.count : typeof r?.affectedRows === "number" ? r.affectedRows : null;
    };
    const step = async (label: string, expected: number | null, body: () => Promise<unknown>) => {
      const t0 = Date.now();
      const count = affected(await body()) ?? expected;
      const ms = Date.now() - t0;
      timings.push([label, ms]);
      log(
        `  ${label.padEnd(28)} ${count === null ? "" : String(count).padStart(8) + " rows"}  ` +
          `${(ms / 1000).toFixed(1).padStart(6)} s`,
      );
    };
    /** [min id, max id] of rows added since maxBefore (one session, so the identity values are contiguous). */
    const newRange = async (table: string, maxBefore: number) => {
      const r = await one(
        `select coalesce(min(id), 0) as lo, coalesce(max(id), 0) as hi from ${table} where id > ${maxBefore}`,
      );
      return [int(r.lo), int(r.hi)] as const;
    };
    const maxId = async (table: string) => int((await one(`select coalesce(max(id), 0) as m from ${table}`)).m);
    /**
     * Bulk-load pattern: drop the table's secondary indexes (not those behind primary-key/unique
     * constraints), insert, then recreate them from their exact pg_get_indexdef() definitions.
     * Building a (trigram/GIN) index once is far cheaper than maintaining it row by row.
     */
    const withoutIndexes = async (table: string, body: () => Promise<unknown>) => {
      const defs = await rows<{ name: string; def: string }>(
        tx,
        sql.raw(`
          select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
            from pg_index i
           where i.indrelid = '${table}'::regclass
             and not exists (select 1 from pg_constraint k
                              where k.conrelid = i.indrelid and k.conindid = i.indexrelid and k.contype in ('p', 'u',
                                'x'))`),
      );
      for (const d of defs) await exec(`drop index ${d.name}`);
      const result = await body();
      for (const d of defs) await exec(d.def);
      return result;
    };
    // Index builds after each table's load; PGlite runs in a WASM heap, so ask for less there.
    await exec(`set local maintenance_work_mem = '${(await dbKind()) === "pglite" ? "64MB" : "256MB"}'`);

    await exec(`select setseed(0.20260214)`);
    if (userRows.length) {
      await step("users", userRows.length, () => tx.insert(t.users).values(userRows));
    }
    const users = await one(
      `select (select min(id) from users where role = 'owner' and active) as owner,
              (select min(id) from users where role = 'office' and active) as office,
              (select min(id) from users where role = 'installer' and active) as installer,
              (select min(id) from users) as anyone`,
    );
    const ownerId = int(users.owner ?? users.anyone);
    const officeId = int(users.office ?? users.anyone);
    const installerId = int(users.installer ?? users.anyone);

    // ------------------------------------------------------------ customers
    const cities = CITIES.map(
      ([city, state, zip, area], i) => `(${i}, '${city}', '${state}', '${zip}', '${area}')`,
    ).join(", ");
    const cBefore = await maxId("customers");
    await step("customers", N.customers, () =>
      withoutIndexes("customers", () =>
        exec(`
        insert into customers (name, email, phone, address, city, state, zip_code, notes, created_at, updated_at)
        select s.fn || ' ' || s.ln,
               lower(s.fn || '.' || s.ln || (${cBefore} + s.g)) || '@example.com',
               '(' || c.area || ') 555-' || lpad(((${cBefore} + s.g) % 10000)::text, 4, '0'),
               (101 + (s.g * 37) % 9799) || ' ' || s.street,
               c.city, c.state, c.zip,
               case when s.g % 9 = 0 then 'Prefers text messages.' when s.g % 13 = 0 then 'Gate code on file.' end,
               s.ts, s.ts
        from (
          select g,
                 (array[${sqlList(FIRST_NAMES)}])[1 + floor(random() * ${FIRST_NAMES.length})::int] as fn,
                 (array[${sqlList(LAST_NAMES)}])[1 + floor(random() * ${LAST_NAMES.length})::int] as ln,
                 (array[${sqlList(STREETS)}])[1 + floor(random() * ${STREETS.length})::int] as street,
                 floor(random() * ${CITIES.length})::int as ci,
                 now() - random() * interval '1825 days' as ts
          from generate_series(1, ${N.customers}) as g
        ) s
        join (values ${cities}) as c(i, city, state, zip, area) on c.i = s.ci`),
      ),
    );
    const [cLo, cHi] = await newRange("customers", cBefore);
    const nc = cHi - cLo + 1;

    // ------------------------------------------------------------ jobs
    const projects = PROJECTS.map(
      (p, i) => `(${i}, '${p.title.replace(/'/g, "''")}', '${p.description.replace(/'/g, "''")}')`,
    ).join(", ");
    const jBefore = await maxId("jobs");
    await step("jobs", N.jobs, () =>
      withoutIndexes("jobs", () =>
        exec(`
        insert into jobs (customer_id, title, description, status, estimated_cost, actual_cost, start_date,
          completion_date, notes, created_at, updated_at)
        select c.id, split_part(c.name, ' ', 2) || ' ' || p.title, p.descr, st.status,
               round((1500 + s.r2 * 48500)::numeric, 2),
               case when st.status = 'completed' then round(((1500 + s.r2 * 48500) * (0.88 + s.r3 * 0.24))::numeric,
                 2) end,
               case when st.status in ('approved', 'in-progress',
                 'completed') then (x.created + interval '14 days')::date end,
               case when st.status in ('completed',
                 'approved') then (x.created + interval '14 days')::date + 10 + s.g % 30
                    when st.status = 'in-progress'
                      then greatest((x.created + interval '14 days')::date + 10 + s.g % 30, ${D} + s.g % 21) end,
               case when st.status = 'cancelled' then 'Customer went with another contractor.' end,
               x.created, x.created
        from (
          select g, ${cLo} + floor(random() * ${nc})::int as cid, floor(random() * ${PROJECTS.length})::int as pi,
                 random() as r1, random() as r2, random() as r3
          from generate_series(1, ${N.jobs}) as g
        ) s
        join customers c on c.id = s.cid
        join (values ${projects}) as p(i, title, descr) on p.i = s.pi
        cross join lateral (select c.created_at + s.r1 * (now() - c.created_at) as created) x
        cross join lateral (
          select case
                   when s.g % 20 = 0 then 'cancelled'
                   when s.g % 20 = 1
                     then case when x.created > now() - interval '60 days' then 'quoted' else 'cancelled' end
                   when x.created < now() - interval '90 days' then 'completed'
                   when x.created < now() - interval '30 days' then 'in-progress'
                   else 'approved'
                 end as status
        ) st`),
      ),
    );
    const [jLo, jHi] = await newRange("jobs", jBefore);
    const nj = jHi - jLo + 1;

    // ------------------------------------------------------------ quotes: one per job, numbered per year
    // Line k of the quote on job J is a fixed pseudo-random function of (J, k), so the quote's
    // totals are computed exactly (numeric) in the statement that inserts it, and the items later.
    const itemCount = Object.keys(ITEMS).length;
    const linesOf = (jobId: string) => `
      generate_series(1, 2 + (${jobId}) % 7) as k
      cross join lateral (select ((${jobId})::bigint * 2654435761 + k * 40503) % 1000003 as h) hh
      cross join lateral (
        select ((100 + hh.h % 2400) / 100.0)::numeric(10, 2) as qty,
               ((1500 + (hh.h / 7) % 98500) / 100.0)::numeric(10, 2) as price,
               ((hh.h / 13) % ${itemCount})::int as di
      ) v`;
    const qBefore = await maxId("quotes");
    await step("quotes", nj, () =>
      withoutIndexes("quotes", () =>
        exec(`
        insert into quotes (customer_id, job_id, quote_number, title, description, status, subtotal, tax_rate,
          tax_amount, total,
                            valid_until, notes, terms, sent_at, responded_at, created_at, updated_at)
        select z.customer_id, z.id, 'Q-' || z.yr || '-' || lpad(z.num::text, greatest(4, length(z.num::text)), '0'),
               substr(z.title, strpos(z.title, ' ') + 1), z.description, z.qstatus,
               z.sub, ${TAX_RATE}, round(z.sub * ${TAX_RATE}, 2), z.sub + round(z.sub * ${TAX_RATE}, 2),
               (z.qc + interval '30 days')::date, null, '${QUOTE_TERMS}',
               case when z.qstatus <> 'draft' then least(z.qc + interval '1 day', now()) end,
               case when z.qstatus in ('approved', 'rejected') then least(z.qc + interval '3 days', now()) end,
               z.qc, z.qc
        from (
          select j.id, j.customer_id, j.title, j.description, x.qc, x.yr, st.qstatus, t.sub,
                 coalesce(ns.last_value, 0) + row_number() over (partition by x.yr order by x.qc, j.id) as num
          from jobs j
          cross join lateral (select j.created_at + interval '2 hours' as qc,
            extract(year from j.created_at + interval '2 hours')::int as yr) x
          cross join lateral (
            select case
                     when j.status = 'cancelled' then case when j.id % 2 = 0 then 'rejected' else 'expired' end
                     when j.status = 'quoted' then case when (x.qc + interval '30 days')::date < ${D} then 'expired'
                                                        when j.id % 3 = 0 then 'draft' else 'sent' end
                     else 'approved'
                   end as qstatus
          ) st
          cross join lateral (select sum(round(v.qty * v.price, 2)) as sub from ${linesOf("j.id")}) t
          left join number_sequences ns on ns.key = 'Q-' || x.yr
          where j.id between ${jLo} and ${jHi}
        ) z`),
      ),
    );
    const [qLo, qHi] = await newRange("quotes", qBefore);

    const descriptions = Object.values(ITEMS)
      .map((it, i) => `(${i}, '${it.desc.replace(/'/g, "''")}')`)
      .join(", ");
    await step("quote_items", null, () =>
      withoutIndexes("quote_items", () =>
        exec(`
        insert into quote_items (quote_id, description, quantity, unit_price, line_total, sort_order, created_at,
          updated_at)
        select q.id, d.descr, s.qty, s.price, round(s.qty * s.price, 2), s.k - 1, q.created_at, q.created_at
        from quotes q
        cross join lateral (select k, v.qty, v.price, v.di from ${linesOf("q.job_id")}) s
        join (values ${descriptions}) as d(i, descr) on d.i = s.di
        where q.id between ${qLo} and ${qHi}`),
      ),
    );

    // ------------------------------------------------------------ invoices from approved quotes
    const iBefore = await maxId("invoices");
    await step("invoices", N.invoices, () =>
      withoutIndexes("invoices", () =>
        exec(`
        insert into invoices (customer_id, quote_id, job_id, invoice_number, title, description, status, issue_date,
          due_date,
                              subtotal, tax_rate, tax_amount, total, paid_total, balance, terms, sent_at, created_at,
                                updated_at)
        select z.customer_id, z.id, z.job_id, 'INV-' || z.yr || '-' || lpad(z.num::text, greatest(4,
          length(z.num::text)), '0'),
               z.title, z.description, z.istatus, z.issue, z.issue + 30,
               z.subtotal, z.tax_rate, z.tax_amount, z.total, z.paid, z.total - z.paid,
               '${INVOICE_TERMS}',
               case when z.istatus <> 'draft' then least(z.issue + time '10:30', now()) end,
               least(z.issue + time '09:00', now()), least(z.issue + time '09:00', now())
        from (
          select q.id, q.customer_id, q.job_id, q.title, q.description, q.subtotal, q.tax_rate, q.tax_amount, q.total,
                 d.issue, d.yr, st.istatus, p.paid,
                 coalesce(ns.last_value, 0) + row_number() over (partition by d.yr order by d.issue, q.id) as num
          from (
            select q.*, row_number() over (order by q.id) as n
            from quotes q where q.id between ${qLo} and ${qHi} and q.status = 'approved'
            order by q.id limit ${N.invoices}
          ) q
          join jobs j on j.id = q.job_id
          cross join lateral (
            select iss as issue, extract(year from iss)::int as yr
            from (select least(coalesce(case when j.status = 'in-progress' then j.start_date end, j.completion_date,
              j.start_date, q.created_at::date), ${D}) as iss) i
          ) d
          cross join lateral (
            select case
                     when q.n % 40 = 0 then 'cancelled'
                     when ${D} - d.issue > 60 then case when q.n % 25 = 1 then 'overdue' else 'paid' end
                     when ${D} - d.issue > 30 then case when q.n % 3 = 0 then 'overdue' else 'paid' end
                     else case q.n % 4 when 0 then 'draft' when 1 then 'sent' when 2 then 'partial' else 'paid' end
                   end as istatus
          ) st
          cross join lateral (
            select case st.istatus when 'paid' then q.total when 'partial' then round(q.total * 0.5,
              2) else 0 end as paid
          ) p
          left join number_sequences ns on ns.key = 'INV-' || d.yr
        ) z`),
      ),
    );
    const [iLo, iHi] = await newRange("invoices", iBefore);
    await step("invoice_items (copied)", null, () =>
      withoutIndexes("invoice_items", () =>
        exec(`
        insert into invoice_items (invoice_id, description, quantity, unit_price, line_total, notes, sort_order,
          created_at, updated_at)
        select i.id, qi.description, qi.quantity, qi.unit_price, qi.line_total, qi.notes, qi.sort_order, i.created_at,
          i.created_at
        from invoices i join quote_items qi on qi.quote_id = i.quote_id
        where i.id between ${iLo} and ${iHi}`),
      ),
    );

    // ------------------------------------------------------------ payments: exactly N.payments when possible
    const counts = await one(
      `select count(*) filter (where status = 'paid') as paid, count(*) filter (where status = 'partial') as partial
         from invoices where id between ${iLo} and ${iHi}`,
    );
    const paidCount = int(counts.paid);
    const partialCount = int(counts.partial);
    // Partial invoices get one payment; paid ones `base` (+1 for the first `extra` of them).
    const forPaid = Math.max(paidCount, N.payments - partialCount);
    const basePer = paidCount ? Math.max(1, Math.floor(forPaid / paidCount)) : 1;
    const extra = paidCount ? Math.max(0, forPaid - basePer * paidCount) : 0;
    const paymentTotal = partialCount + basePer * paidCount + extra;
    await step("payments", paymentTotal, () =>
      withoutIndexes("payments", () =>
        exec(`
        insert into payments (invoice_id, amount, method, provider, provider_transaction_id, currency, status,
          received_at,
                              reference, recorded_by_user_id, created_at, updated_at)
        select i.id,
               case when k < i.parts then round(i.paid_total / i.parts, 2)
                    else i.paid_total - round(i.paid_total / i.parts, 2) * (i.parts - 1) end,
               m.method,
               case when m.method = 'credit_card' and i.id % 2 = 0 then 'stripe' end,
               case when m.method = 'credit_card' and i.id % 2 = 0 then 'pi_seed_' || i.id || '_' || k end,
               'USD', 'completed', x.at,
               case when m.method = 'check' then 'Check #' || (1000 + (i.id * 7 + k) % 9000) end,
               case when not (m.method = 'credit_card' and i.id % 2 = 0) then ${officeId} end,
               x.at, x.at
        from (
          select inv.*, case when inv.status = 'partial' then 1
                             else ${basePer} + case when inv.rn <= ${extra} then 1 else 0 end end as parts
          from (
            select id, status, paid_total, issue_date, row_number() over (partition by status order by id) as rn
            from invoices where id between ${iLo} and ${iHi} and status in ('paid', 'partial')
          ) inv
        ) i
        cross join lateral generate_series(1, i.parts) as k
        cross join lateral (select (array['check', 'credit_card', 'bank_transfer', 'cash',
          'check'])[1 + (i.id + k) % 5] as method) m
        cross join lateral (select least(i.issue_date + (k - 1) * 9 + time '11:00', now()) as at) x`),
      ),
    );

    // ------------------------------------------------------------ photos (rows only)
    const pBefore = await maxId("photos");
    await step("photos", N.photos, () =>
      withoutIndexes("photos", () =>
        exec(`
        insert into photos (filename, original_name, title, file_size, mime_type, object_path, customer_id, job_id,
          tags, derivative_status,
                            sort_order, uploaded_by_user_id, created_at, updated_at)
        select 'photo-' || (${pBefore} + s.g) || '.jpg', 'IMG_' || (1000 + s.g % 9000) || '.jpg',
               case when s.g % 7 = 0 then 'Finished install' end,
               400000 + (s.g * 7919) % 4000000, 'image/jpeg', 'seed/photo-' || (${pBefore} + s.g) || '.jpg',
               j.customer_id, j.id,
               case s.g % 5 when 0 then '{before}'::text[] when 1 then '{during}'::text[] when 2 then '{after}'::text[]
                            when 3 then '{progress}'::text[] else '{after,site}'::text[] end,
               -- Rows only, no image bytes: "No preview" rather than a derivative job that cannot succeed.
               'failed',
               s.g % 12, ${installerId},
               j.created_at + s.r * (now() - j.created_at), j.created_at + s.r * (now() - j.created_at)
        from (select g, ${jLo} + floor(random() * ${nj})::int as jid, random() as r from generate_series(1,
          ${N.photos}) as g) s
        join jobs j on j.id = s.jid`),
      ),
    );

    // ------------------------------------------------------------ e-mails
    const subjects = [
      [
        "Question about our quote",
        "Hi, we had a couple of questions about the quote you sent over. " +
          "Could we swap the crown molding for something simpler?",
      ],
      ["Install date", "Just checking whether next week still works for the install. We need to plan around the dog."],
      ["Re: Invoice", "Payment is on its way; we mailed a check this morning. Thanks for the great work!"],
      ["Photos of the finished kitchen", "We love how it turned out. Attached are a few photos from this weekend."],
      ["Door samples", "Could you bring the white oak and the painted samples to the consult on Thursday?"],
      [
        "Drawer not closing",
        "One of the drawers by the stove doesn't close all the way anymore. Can someone take a look?",
      ],
      ["Referral", "My neighbor is redoing her laundry room and asked for your number. I gave her your card."],
      ["Change to the pantry", "Can we add two more roll-out shelves to the pantry? Happy to pay the difference."],
    ];
    const subjectValues = subjects
      .map(([s, b], i) => `(${i}, '${s.replace(/'/g, "''")}', '${b.replace(/'/g, "''")}')`)
      .join(", ");
    const eBefore = await maxId("emails");
    await step("emails", N.emails, () =>
      withoutIndexes("emails", () =>
        exec(`
        insert into emails (provider, message_id, thread_id, subject, from_email, from_name, to_email, body_text,
          snippet,
                            received_at, is_read, has_attachments, customer_id, imap_uid, created_at, updated_at)
        select 'gmail', '<seed-' || (${eBefore} + s.g) || '@mail.example.com>',
          'thread-' || ((${eBefore} + s.g + 1) / 2),
               case when s.g % 2 = 0 then 'Re: ' else '' end || m.subject, c.email, c.name,
                 'office@owenscabinetry.example',
               m.body, left(m.body, 80), s.ts, s.g % 5 <> 0, s.g % 11 = 0,
               case when s.g % 10 < 7 then c.id end, ${eBefore} + s.g, s.ts, s.ts
        from (
          select g, ${cLo} + floor(random() * ${nc})::int as cid, floor(random() * ${subjects.length})::int as si,
                 now() - random() * interval '730 days' as ts
          from generate_series(1, ${N.emails}) as g
        ) s
        join customers c on c.id = s.cid
        join (values ${subjectValues}) as m(i, subject, body) on m.i = s.si`),
      ),
    );

    // ------------------------------------------------------------ resources, the schedule and tasks
    // The catalogue's installers, crews, vans and machines; the installers and crews are booked on
    // weekdays in two four-hour slots each (08:00–12:00, 13:00–17:00 business time) for jobs — no
    // one double-booked, as the schedule's conflict check keeps it. The last four weeks are to come.
    const rBefore = await maxId("resources");
    await step("resources", resourceDefs.length, () =>
      tx.insert(t.resources).values(resourceDefs.map((r) => ({ ...r, skills: [...r.skills] }))),
    );
    const [rLo, rHi] = await newRange("resources", rBefore);
    const people = (
      await rows<{ id: number }>(
        tx,
        sql.raw(
          `select id from resources where id between ${rLo} and ${rHi} and type in ('installer', 'crew') order by id`,
        ),
      )
    ).map((r) => int(r.id));
    const np = people.length;
    const personAt = (index: string) => `(array[${people.join(", ")}])[1 + (${index}) % ${np}]`;
    const tz = businessTimeZone().replace(/'/g, "''");
    const slotsPerDay = np * 2;
    const weekdays = Math.ceil(N.events / slotsPerDay);
    // The Monday far enough back for `weekdays` weekdays up to four weeks from now.
    const firstMonday = `(date_trunc('week', ${D}::timestamp)::date + 28 - 7 * ${Math.ceil(weekdays / 5)})`;
    const evBefore = await maxId("schedule_events");
    await step("schedule_events", N.events, () =>
      withoutIndexes("schedule_events", () =>
        exec(`
        insert into schedule_events (title, type, job_id, customer_id, start_at, end_at, all_day, location, status,
          created_at, updated_at)
        select initcap(ty.type) || ': ' || j.title, ty.type, j.id, j.customer_id, x.start_at,
               x.start_at + ty.hours * interval '1 hour', false, c.address || ', ' || c.city,
               case when x.start_at + ty.hours * interval '1 hour' < now()
                      then case when s.g % 25 = 0 then 'cancelled' else 'done' end
                    when x.start_at <= now() then 'in-progress'
                    else 'scheduled' end,
               x.start_at - interval '10 days', x.start_at - interval '10 days'
        from (
          select g, (g - 1) / ${slotsPerDay} as di, ((g - 1) % ${slotsPerDay}) / ${np} as half,
                 ${jLo} + floor(random() * ${nj})::int as jid, random() as r
          from generate_series(1, ${N.events}) as g
        ) s
        join jobs j on j.id = s.jid
        join customers c on c.id = j.customer_id
        cross join lateral (
          select case when s.r < 0.45 then 'install' when s.r < 0.65 then 'measure' when s.r < 0.80 then 'delivery'
                      when s.r < 0.90 then 'appointment' when s.r < 0.95 then 'service' else 'shop' end as type
        ) t0
        cross join lateral (
          select t0.type, case t0.type when 'install' then 4 when 'shop' then 4 when 'measure' then 1.5
                                       when 'appointment' then 1 else 2 end as hours
        ) ty
        cross join lateral (
          select ((${firstMonday} + 7 * (s.di / 5) + s.di % 5)::timestamp
                   + case when s.half = 0 then interval '8 hours' else interval '13 hours' end)
                 at time zone '${tz}' as start_at
        ) x
        order by s.g`),
      ),
    );
    const [evLo, evHi] = await newRange("schedule_events", evBefore);
    await step("schedule_event_resources", evHi - evLo + 1, () =>
      exec(`
      insert into schedule_event_resources (event_id, resource_id)
      select id, ${personAt(`id - ${evLo}`)} from schedule_events where id between ${evLo} and ${evHi}`),
    );

    // Tasks over three years: old ones done (a few cancelled or left open, overdue), recent ones
    // open, in progress or blocked; a third each for the installer, the office and a resource.
    const taskTitles: Record<(typeof TASK_TYPES)[number], string[]> = {
      installation: [
        "Install upper cabinets",
        "Set base cabinets and level",
        "Fit crown molding",
        "Hang doors and adjust hinges",
      ],
      followup: ["Call about the quote", "Confirm install date", "Ask for a review", "Send care instructions"],
      internal: ["Update the price list", "Clean the spray booth", "Service the panel saw", "Sort offcuts"],
      project: ["Finalise drawings", "Approve finish samples", "Check site measurements", "Prepare cut list"],
      issue: ["Touch up scratched panel", "Replace damaged door", "Fix drawer that sticks", "Re-level the island"],
      materials: ["Order hinges and slides", "Pick up countertop", "Order crown molding", "Return extra panels"],
    };
    const titleValues = TASK_TYPES.flatMap((type, ti) =>
      taskTitles[type].map((title, k) => `(${ti}, ${k}, '${type}', '${title.replace(/'/g, "''")}')`),
    ).join(", ");
    const taskBefore = await maxId("tasks");
    await step("tasks", N.tasks, () =>
      withoutIndexes("tasks", () =>
        exec(`
        insert into tasks (title, description, type, priority, status, due_date, customer_id, job_id,
          assigned_to_user_id, assigned_to_resource_id, estimated_hours, actual_hours, completed_at, created_at,
          updated_at)
        select tt.title || ' (' || split_part(c.name, ' ', 2) || ')',
               case when s.g % 4 = 0 then 'For ' || j.title || '.' end,
               tt.type, (array['low', 'medium', 'medium', 'high', 'urgent'])[1 + s.g % 5], st.status,
               x.due, j.customer_id, j.id,
               case s.g % 3 when 0 then ${installerId} when 1 then ${officeId} end,
               case when s.g % 3 = 2 then ${personAt("s.g / 3")} end,
               1 + s.g % 8, case when st.status = 'done' then 1 + (s.g * 7) % 9 end,
               case when st.status = 'done' then least((x.due - 1 + time '15:30') at time zone '${tz}', now()) end,
               x.created, x.created
        from (
          select g, ${jLo} + floor(random() * ${nj})::int as jid, floor(random() * ${TASK_TYPES.length})::int as ti,
                 random() as r
          from generate_series(1, ${N.tasks}) as g
        ) s
        join jobs j on j.id = s.jid
        join customers c on c.id = j.customer_id
        join (values ${titleValues}) as tt(ti, k, type, title) on tt.ti = s.ti and tt.k = s.g % 4
        cross join lateral (
          select now() - (s.g::float8 / ${N.tasks}) * interval '1095 days' as created,
                 (now() - (s.g::float8 / ${N.tasks}) * interval '1095 days')::date + 3 + s.g % 19 as due
        ) x
        cross join lateral (
          select case when x.due < ${D} - 7
                        then case when s.r < 0.93 then 'done' when s.r < 0.98 then 'cancelled' else 'open' end
                      when s.r < 0.5 then 'open' when s.r < 0.75 then 'in-progress' when s.r < 0.85 then 'blocked'
                      else 'done' end as status
        ) st`),
      ),
    );

    // ------------------------------------------------------------ inventory
    await step("inventory_categories", null, () =>
      exec(`
        insert into inventory_categories (name, description, sort_order)
        values ('Sheet Goods', 'Plywood, MDF, melamine, edge banding and trim stock', 0),
               ('Hinges', 'Concealed and inset hinges, mounting plates', 1),
               ('Drawer Slides', 'Undermount and side-mount slides, locking devices', 2),
               ('Pulls & Knobs', 'Decorative hardware', 3),
               ('Finishes', 'Primers, topcoats, stains and abrasives', 4),
               ('Fasteners & Supplies', 'Screws, nails, glue, shims, caulk and shop tooling', 5)
        on conflict do nothing`),
    );
    const sBefore = await maxId("suppliers");
    await step("suppliers", 20, () =>
      exec(`
        insert into suppliers (name, contact_name, email, phone, city, state, lead_time_days, payment_terms)
        select (array['Piedmont', 'Carolina', 'Southeast', 'Blue Ridge', 'Catawba'])[1 + g % 5] || ' ' ||
               (array['Plywood Supply', 'Hardware Co.', 'Finishing Supply',
                 'Fastener Depot'])[1 + g % 4] || ' #' || (${sBefore} + g),
               'Account Rep ' || g, 'orders' || (${sBefore} + g) || '@supplier.example',
                 '(704) 555-' || lpad((200 + g)::text, 4, '0'),
               'Charlotte', 'NC', 3 + g % 10, (array['Net 15', 'Net 30', 'Net 45'])[1 + g % 3]
        from generate_series(1, 20) as g`),
    );
    const [sLo, sHi] = await newRange("suppliers", sBefore);
    const templates = [
      ['3/4" Maple Plywood', "material", "Sheet Goods", "sheet", "98.50"],
      ['3/4" MDF', "material", "Sheet Goods", "sheet", "42.75"],
      ["Edge Banding 7/8in", "material", "Sheet Goods", "lf", "0.12"],
      ["Soft-Close Hinge 110", "hardware", "Hinges", "each", "4.65"],
      ["Mounting Plate", "hardware", "Hinges", "each", "1.35"],
      ["Undermount Slide 21in", "hardware", "Drawer Slides", "pair", "28.40"],
      ["Side-Mount Slide 22in", "hardware", "Drawer Slides", "pair", "11.75"],
      ["Bar Pull 128mm", "hardware", "Pulls & Knobs", "each", "3.15"],
      ["Round Knob", "hardware", "Pulls & Knobs", "each", "2.60"],
      ["Conversion Varnish", "consumable", "Finishes", "gallon", "74.00"],
      ["Waterborne Primer", "consumable", "Finishes", "gallon", "38.50"],
      ["Cabinet Screws (box)", "consumable", "Fasteners & Supplies", "box", "24.80"],
      ["Wood Glue", "consumable", "Fasteners & Supplies", "gallon", "27.60"],
      ["Forstner Bit 35mm", "tool", "Fasteners & Supplies", "each", "38.00"],
    ];
    const templateValues = templates
      .map(
        (r, i) =>
          `(${i}, ${r
            .slice(0, 4)
            .map((v) => `'${v.replace(/'/g, "''")}'`)
            .join(", ")}, ${r[4]}::numeric)`,
      )
      .join(", ");
    const itBefore = await maxId("inventory_items");
    await step("inventory_items", N.items, () =>
      exec(`
        insert into inventory_items (sku, name, type, category_id, unit, unit_multiplier, track_stock, location,
          reorder_point,
                                     reorder_qty, safety_stock, preferred_supplier_id, last_cost, average_cost,
                                       sell_price,
                                     current_stock, tags, active, created_at, updated_at)
        select 'BULK-' || lpad((${itBefore} + g)::text, greatest(6, length((${itBefore} + g)::text)), '0'),
          tp.name || ' #' || (${itBefore} + g), tp.type, cat.id, tp.unit, 1, true,
               'Bay ' || (1 + g % 24), 0, 100, 0, ${sLo} + g % ${sHi - sLo + 1}, x.cost, x.cost, round(x.cost * 1.45,
                 2),
               0, array[lower(tp.category)], g % 50 <> 0, now() - interval '800 days', now()
        from generate_series(1, ${N.items}) as g
        join (values ${templateValues}) as tp(i, name, type, category, unit, cost) on tp.i = g % ${templates.length}
        cross join lateral (select round(tp.cost * (1 + (g % 17) / 100.0), 4) as cost) x
        left join inventory_categories cat on lower(cat.name) = lower(tp.category)`),
    );
    const [itLo, itHi] = await newRange("inventory_items", itBefore);
    const ni = itHi - itLo + 1;
    const perItem = Math.max(1, Math.ceil(N.transactions / ni));
    // Per item, every 4th transaction (in time order) receives 40–100, the others issue 1–10:
    // stock never goes below zero, and with one cost per item the average cost is that cost.
    const tBefore = await maxId("inventory_transactions");
    await step("inventory_transactions", N.transactions, () =>
      withoutIndexes("inventory_transactions", () =>
        exec(`
        insert into inventory_transactions (item_id, type, quantity, unit_cost, total_cost, job_id, supplier_id,
          reference,
                                            created_by_user_id, created_at, updated_at)
        select it.id, ty.type, ty.qty, it.average_cost, round(ty.qty * it.average_cost, 4),
               case when ty.type = 'issue' then ${jLo} + (x.g * 31) % ${nj} end,
               case when ty.type = 'receive' then it.preferred_supplier_id end,
               case when ty.type = 'receive' then 'PO-' || (10000 + x.g) end,
               case when ty.type = 'receive' then ${officeId} else ${installerId} end,
               x.at, x.at
        from (
          select g, ${itLo} + (g - 1) % ${ni} as iid, (g - 1) / ${ni} as s,
                 now() - ((${perItem} - (g - 1) / ${ni}) * 7) * interval '1 day' + ((g % 9) * interval '1 hour') as at
          from generate_series(1, ${N.transactions}) as g
        ) x
        join inventory_items it on it.id = x.iid
        cross join lateral (
          select case when x.s % 4 = 0 then 'receive' else 'issue' end as type,
                 case when x.s % 4 = 0 then (40 + x.g % 61)::numeric else -(1 + x.g % 10)::numeric end as qty
        ) ty`),
      ),
    );
    const [tLo, tHi] = await newRange("inventory_transactions", tBefore);
    await step("job_material_usages", null, () =>
      withoutIndexes("job_material_usages", () =>
        exec(`
        insert into job_material_usages (job_id, item_id, quantity, unit_cost_snapshot, total_cost_snapshot,
          transaction_id, created_at, updated_at)
        select job_id, item_id, -quantity, unit_cost, -total_cost, id, created_at, created_at
        from inventory_transactions
        where id between ${tLo} and ${tHi} and type = 'issue' and job_id is not null`),
      ),
    );
    await step("inventory stock (update)", ni, () =>
      exec(`
        update inventory_items it
           set current_stock = t.q,
               last_cost = it.average_cost,
               reorder_point = case when it.id % 20 = 0 then round(t.q * 2.5 + 10, 0)
                                    when it.id % 10 = 0 then round(t.q * 1.3 + 5, 0)
                                    else round(t.q * 0.25, 0) end,
               safety_stock = case when it.id % 20 = 0 then round(t.q * 1.2, 0) else round(t.q * 0.1, 0) end
          from (select item_id,
            sum(quantity) as q from inventory_transactions where item_id between ${itLo} and ${itHi} group by item_id) t
         where it.id = t.item_id`),
    );

    // ------------------------------------------------------------ the activity log
    // What the Homes' Recent Activity and /activity read: the entries the app writes (the same titles,
    // descriptions and actors) for each job created, payment received and task completed above.
    await step("activity_log", null, () =>
      withoutIndexes("activity_log", () =>
        exec(`
        insert into activity_log (type, title, description, user_id, customer_id, job_id, invoice_id, amount,
          created_at)
        select 'job_created', 'Job created', j.title, ${ownerId}, j.customer_id, j.id, null, null, j.created_at
          from jobs j
         where j.id between ${jLo} and ${jHi}
        union all
        select 'payment_received', 'Payment received for ' || i.invoice_number,
               '$' || to_char(p.amount, 'FM999,999,999,990.00') || ' from ' || c.name || ' ('
                 || replace(p.method, '_', ' ') || ')',
               p.recorded_by_user_id, i.customer_id, i.job_id, i.id, p.amount, p.received_at
          from payments p
          join invoices i on i.id = p.invoice_id
          join customers c on c.id = i.customer_id
         where i.id between ${iLo} and ${iHi}
        union all
        select 'task_completed', 'Task completed', k.title, k.assigned_to_user_id, k.customer_id, k.job_id, null,
               null, k.completed_at
          from tasks k
         where k.id > ${taskBefore} and k.status = 'done' and k.completed_at is not null`),
      ),
    );
    await step("number_sequences", null, () => syncNumberSequences(tx));
  });
  const t0 = Date.now();
  await db.execute(sql`analyze`);
  timings.push(["analyze", Date.now() - t0]);
  log(`  ${"analyze".padEnd(28)} ${"".padStart(13)}  ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
  return { timings, totalMs: Date.now() - started, createdUsers: userRows.length };
}
