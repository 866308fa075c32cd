// The demo shop: a small cabinet business's last year and a half — customers, jobs, quotes,
// invoices and payments, the schedule, tasks, inventory, the activity feed and a few e-mails —
// relative to today in the business time zone, and the same on every run (seeded randomness).
// Money comes from app/utils/money.ts through ./shared, so every total equals its items and every
// paid total its payments.
import { businessToday, addDays } from "../../app/utils/dates";
import { divRound, formatMoney } from "../../app/utils/money";
import type { Database } from "../client.server";
import * as t from "../schema";
import {
  BUSINESSES,
  CITIES,
  CUSTOMER_NOTES,
  DEMO_USERS,
  DURATION_DAYS,
  FIRST_NAMES,
  INSTALL_DAYS,
  INVOICE_TERMS,
  LAST_NAMES,
  PROJECTS,
  QUOTE_TERMS,
  STREETS,
  categoryDefs,
  itemDefs,
  projectLines,
  resourceDefs,
  supplierDefs,
  type Kind,
  type Project,
  type UserKey,
} from "./catalogue";
import { Rng } from "./random";
import {
  Clock,
  TAX_RATE,
  assertDemoUsersAllowed,
  businessTimeZone,
  computeTotals,
  daysFrom,
  dec4,
  demoUserRows,
  isWorkday,
  itemRows,
  money,
  q4,
  syncNumberSequences,
  workdayOnOrAfter,
  workdayOnOrBefore,
  type Line,
  type Totals,
} from "./shared";

// ---------------------------------------------------------------- plans (in memory, ids filled on insert)

type CustomerPlan = {
  id?: number;
  name: string;
  label: string;
  email: string | null;
  phone: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  notes: string | null;
  createdAt?: Date;
  business: boolean;
};

type JobStatus = "quoted" | "approved" | "in-progress" | "completed" | "cancelled";
type JobPlan = {
  id?: number;
  ref: string;
  status: JobStatus;
  project: Project;
  customer: CustomerPlan;
  title: string;
  createdDay: string;
  startDate: string | null;
  completionDate: string | null;
  estimated: bigint | null;
  actual: bigint | null;
  notes: string | null;
};

type QuotePlan = {
  id?: number;
  number?: string;
  customer: CustomerPlan;
  job: JobPlan | null;
  project: Project;
  status: "draft" | "sent" | "approved" | "rejected" | "expired";
  createdDay: string;
  createdAt: Date;
  lines: Line[];
  totals: Totals;
  validUntil: string;
  sentAt: Date | null;
  respondedAt: Date | null;
  notes: string | null;
  changeRequest: string | null;
};

type PaymentPlan = {
  amount: bigint;
  day: string;
  hour: number;
  method: string;
  provider: string | null;
  txn: string | null;
  reference: string | null;
  id?: number;
};
type InvoicePlan = {
  id?: number;
  number?: string;
  customer: CustomerPlan;
  job: JobPlan | null;
  quote: QuotePlan | null;
  title: string;
  description: string | null;
  status: "draft" | "sent" | "partial" | "paid" | "overdue" | "cancelled";
  issueDay: string;
  dueDay: string;
  lines: Line[];
  totals: Totals;
  payments: PaymentPlan[];
  notes: string | null;
  sentAt: Date | null;
  createdAt: Date;
};

type ActivityPlan = {
  type: string;
  title: string;
  description: string | null;
  user: UserKey | null;
  customer?: CustomerPlan | null;
  job?: JobPlan | null;
  quote?: QuotePlan | null;
  invoice?: InvoicePlan | null;
  amount?: bigint | null;
  at: Date;
};

export type DemoSummary = Record<string, number>;

/** Loads the demo shop in one transaction. The caller decides whether the database may receive it. */
export async function seedDemo(db: Database, options: { now?: Date; seed?: number } = {}): Promise<DemoSummary> {
  assertDemoUsersAllowed();
  const clock = new Clock(businessTimeZone(), options.now ?? new Date());
  const rng = new Rng(options.seed ?? 20260214);
  const userRows = await demoUserRows(DEMO_USERS.map((u) => u.username));
  const summary: DemoSummary = {};

  await db.transaction(async (tx) => {
    // ------------------------------------------------------------ users
    const insertedUsers = await tx
      .insert(t.users)
      .values(userRows)
      .returning({ id: t.users.id, username: t.users.username });
    const userId = (key: UserKey) => {
      const found = insertedUsers.find((u) => u.username === key);
      if (!found) throw new Error(`demo user ${key} missing`);
      return found.id;
    };
    summary.users = insertedUsers.length;

    // ------------------------------------------------------------ customers (created later than nothing they own)
    const lastNames = rng.shuffle(LAST_NAMES);
    const firstNames = rng.shuffle(FIRST_NAMES);
    const usedPhones = new Set<string>();
    const phoneFor = (areaCode: string) => {
      for (;;) {
        const phone = `(${areaCode}) 555-01${String(rng.int(10, 99))}`;
        if (!usedPhones.has(phone)) {
          usedPhones.add(phone);
          return phone;
        }
      }
    };
    const customers: CustomerPlan[] = [];
    for (let i = 0; i < 37; i++) {
      const first = firstNames[i];
      const last = lastNames[i];
      const [city, state, zip, area] = i < 14 ? CITIES[i % 5] : rng.pick(CITIES);
      const emailStyle = i % 4;
      const domain = rng.pick(["example.com", "example.net", "example.org"]);
      const local =
        emailStyle === 0
          ? `${first}.${last}`
          : emailStyle === 1
            ? `${first[0]}${last}`
            : emailStyle === 2
              ? `${first}${last}${rng.int(1, 99)}`
              : `${last}.${first[0]}`;
      customers.push({
        name: `${first} ${last}`,
        label: last,
        email: i === 11 || i === 29 ? null : `${local.toLowerCase()}@${domain}`,
        phone: i === 23 ? null : phoneFor(area),
        address: `${rng.int(101, 9899)} ${rng.pick(STREETS)}`,
        city,
        state,
        zipCode: zip,
        notes: rng.chance(0.3) ? rng.pick(CUSTOMER_NOTES) : null,
        business: false,
      });
    }
    for (const b of BUSINESSES) {
      const [city, state, zip, area] = CITIES[b.city];
      customers.push({
        name: b.name,
        label: b.label,
        email: b.email,
        phone: phoneFor(area),
        address: `${rng.int(1000, 9800)} ${b.street}`,
        city,
        state,
        zipCode: zip,
        notes: b.notes,
        business: true,
      });
    }
    const persons = customers.slice(0, 37);
    const businesses = customers.slice(37);
    const leads = persons.slice(32); // five people with quotes or consults but no job yet

    // ------------------------------------------------------------ jobs (plans)
    const statuses: JobStatus[] = [
      ...Array<JobStatus>(12).fill("quoted"),
      ...Array<JobStatus>(10).fill("approved"),
      ...Array<JobStatus>(14).fill("in-progress"),
      ...Array<JobStatus>(18).fill("completed"),
      ...Array<JobStatus>(6).fill("cancelled"),
    ];
    const jobCustomers: CustomerPlan[] = rng.shuffle([
      ...persons.slice(0, 32),
      ...Array.from({ length: 20 }, () => rng.pick(persons.slice(0, 32))),
      ...Array.from({ length: 8 }, (_, i) => businesses[i % businesses.length]),
    ]);
    const kindWeights: Kind[] = [
      "kitchen",
      "kitchen",
      "kitchen",
      "kitchen",
      "bath",
      "bath",
      "closet",
      "closet",
      "builtin",
      "builtin",
      "builtin",
    ];
    const completedEnds = [-2, -4, -6, -9, -12, -16, -20, -25, -33, -40, -48, -55, -63, -72, -85, -98, -110, -130];
    const counters: Record<JobStatus, number> = {
      quoted: 0,
      approved: 0,
      "in-progress": 0,
      completed: 0,
      cancelled: 0,
    };
    const refPrefix: Record<JobStatus, string> = {
      quoted: "Q",
      approved: "A",
      "in-progress": "I",
      completed: "C",
      cancelled: "X",
    };
    const jobs: JobPlan[] = statuses.map((status, i) => {
      const n = counters[status]++;
      const customer = jobCustomers[i];
      const kind = customer.business && rng.chance(0.6) ? "kitchen" : rng.pick(kindWeights);
      const project = rng.pick(PROJECTS.filter((p) => p.kind === kind));
      const [dMin, dMax] = DURATION_DAYS[kind];
      let createdOffset = 0;
      let start: number | null = null;
      let end: number | null = null;
      let notes: string | null = null;
      switch (status) {
        case "quoted":
          createdOffset = -rng.int(1, 21);
          if (rng.chance(0.5)) start = rng.int(21, 60);
          break;
        case "approved":
          createdOffset = -rng.int(8, 40);
          start = rng.int(2, 30);
          end = start + rng.int(dMin, dMax);
          break;
        case "in-progress":
          createdOffset = -rng.int(25, 70);
          start = -rng.int(1, 18);
          end = start + rng.int(dMin, dMax);
          if (end <= 0) end = rng.int(1, 10);
          if (n >= 12) {
            end = -rng.int(1, 4); // running late: past its completion date
            notes = "Waiting on a replacement door from the finisher.";
          }
          createdOffset = Math.min(createdOffset, start - rng.int(10, 30));
          break;
        case "completed":
          end = completedEnds[n];
          start = end - rng.int(dMin, dMax);
          createdOffset = start - rng.int(10, 35);
          break;
        case "cancelled":
          // The last two were quoted long enough ago for their quotes to have expired.
          createdOffset = n >= 4 ? -rng.int(45, 120) : -rng.int(15, 120);
          notes = rng.pick([
            "Customer went with another contractor.",
            "Project postponed until next year.",
            "Budget did not work out after the appraisal.",
            "House sold before work started.",
          ]);
          break;
      }
      return {
        ref: `${refPrefix[status]}${n}`,
        status,
        project,
        customer,
        title: `${customer.label} ${project.title}`,
        createdDay: clock.day(createdOffset),
        startDate: start === null ? null : clock.day(start),
        completionDate: end === null ? null : clock.day(end),
        estimated: null,
        actual: null,
        notes,
      };
    });
    const byRef = new Map(jobs.map((j) => [j.ref, j]));
    const job = (ref: string) => {
      const found = byRef.get(ref);
      if (!found) throw new Error(`job ${ref} missing`);
      return found;
    };
    const group = (prefix: string) => jobs.filter((j) => j.ref.startsWith(prefix));

    // Customers exist before their first job; leads are recent.
    for (const c of customers) {
      const own = jobs
        .filter((j) => j.customer === c)
        .map((j) => j.createdDay)
        .sort();
      const firstDay = own[0]
        ? addDays(own[0], -rng.int(0, 20))
        : clock.day(c.business ? -rng.int(200, 400) : -rng.int(2, 60));
      const day = c.business ? addDays(firstDay, -rng.int(100, 300)) : firstDay;
      c.createdAt = clock.past(day, 9 + rng.int(0, 16) / 2);
    }

    // ------------------------------------------------------------ quotes (plans)
    const quotes: QuotePlan[] = [];
    const makeQuote = (
      customer: CustomerPlan,
      jobPlan: JobPlan | null,
      status: QuotePlan["status"],
      createdDay: string,
      project: Project,
    ): QuotePlan => {
      const lines = projectLines(rng, project);
      const createdAt = clock.past(createdDay, 10 + rng.int(0, 12) / 2);
      let sentAt: Date | null = null;
      let respondedAt: Date | null = null;
      if (status !== "draft") sentAt = clock.past(addDays(createdDay, status === "sent" ? rng.int(0, 1) : 1), 16.5);
      if (status === "approved" || status === "rejected") {
        respondedAt = clock.past(addDays(createdDay, 1 + rng.int(1, 6)), 19.25);
        if (sentAt && respondedAt < sentAt) respondedAt = sentAt;
      }
      const quote: QuotePlan = {
        customer,
        job: jobPlan,
        project,
        status,
        createdDay,
        createdAt,
        lines,
        totals: computeTotals(lines),
        validUntil: addDays(createdDay, 30),
        sentAt,
        respondedAt,
        notes: rng.chance(0.4) ? "50% deposit due at approval; balance on completion." : null,
        changeRequest:
          status === "rejected"
            ? rng.pick([
                "Can we drop the crown molding and use a simpler door profile to bring the price down?",
                "We decided to keep the existing cabinets and only paint them. Thank you anyway.",
                "Please requote without the island; we're keeping the old one.",
              ])
            : null,
      };
      quotes.push(quote);
      return quote;
    };
    const quoteDayFor = (j: JobPlan) => {
      const day = addDays(j.createdDay, rng.int(0, 2));
      return day > clock.today ? clock.today : day;
    };
    // Quoted jobs: 8 sent, 4 drafts.
    group("Q").forEach((j, i) => makeQuote(j.customer, j, i < 8 ? "sent" : "draft", quoteDayFor(j), j.project));
    // Approved quotes on 6 approved, 6 in-progress and 4 completed jobs.
    const approvedQuoteJobs = [...group("A").slice(0, 6), ...group("I").slice(0, 6), ...group("C").slice(0, 4)];
    for (const j of approvedQuoteJobs) makeQuote(j.customer, j, "approved", quoteDayFor(j), j.project);
    // Cancelled jobs: 4 rejected, 2 expired.
    group("X").forEach((j, i) => makeQuote(j.customer, j, i < 4 ? "rejected" : "expired", quoteDayFor(j), j.project));
    // Quotes without a job (leads and repeat customers).
    const otherCustomers = rng.shuffle([...leads, ...persons.slice(0, 32)]);
    const unlinked: Array<[QuotePlan["status"], number]> = [
      ["rejected", -rng.int(20, 90)],
      ["rejected", -rng.int(20, 90)],
      ...Array.from({ length: 6 }, (): [QuotePlan["status"], number] => ["expired", -rng.int(45, 150)]),
      ...Array.from({ length: 4 }, (): [QuotePlan["status"], number] => ["draft", -rng.int(0, 10)]),
      ["sent", -26], // valid for five more days: shows up as an expiring quote
      ...Array.from({ length: 3 }, (): [QuotePlan["status"], number] => ["sent", -rng.int(1, 20)]),
    ];
    unlinked.forEach(([status, offset], i) => {
      const customer = otherCustomers[i % otherCustomers.length];
      const createdDay = clock.day(offset);
      makeQuote(customer, null, status, createdDay, rng.pick(PROJECTS));
      // A customer is never created after their own quote.
      const created = clock.at(createdDay, 8);
      if (customer.createdAt && customer.createdAt > created)
        customer.createdAt = clock.at(addDays(createdDay, -rng.int(1, 10)), 9);
    });

    // ------------------------------------------------------------ invoices (plans)
    const invoices: InvoicePlan[] = [];
    const methods = ["check", "check", "credit_card", "bank_transfer", "cash"] as const;
    let txnCounter = 0;
    const payment = (amount: bigint, day: string): PaymentPlan => {
      const method = rng.pick(methods);
      const online = method === "credit_card" && rng.chance(0.6);
      txnCounter += 1;
      return {
        amount,
        day,
        hour: 9 + rng.int(0, 16) / 2,
        method,
        provider: online ? "stripe" : null,
        txn: online ? `pi_3Pdemo${String(txnCounter).padStart(4, "0")}${rng.int(100000, 999999)}` : null,
        reference:
          method === "check"
            ? `Check #${rng.int(1001, 4999)}`
            : method === "bank_transfer"
              ? `ACH ${rng.int(100000, 999999)}`
              : null,
      };
    };
    const paymentDay = (from: string, to: string) => {
      const span = daysFrom(from, to);
      return addDays(from, rng.int(0, span));
    };
    const makeInvoice = (init: {
      job: JobPlan | null;
      customer: CustomerPlan;
      quote?: QuotePlan | null;
      title: string;
      description?: string | null;
      status: InvoicePlan["status"];
      issueDay: string;
      lines: Line[];
      notes?: string | null;
    }): InvoicePlan => {
      const totals = computeTotals(init.lines);
      const inv: InvoicePlan = {
        customer: init.customer,
        job: init.job,
        quote: init.quote ?? null,
        title: init.title,
        description: init.description ?? null,
        status: init.status,
        issueDay: init.issueDay,
        dueDay: addDays(init.issueDay, 30),
        lines: init.lines,
        totals,
        payments: [],
        notes: init.notes ?? null,
        sentAt: init.status === "draft" ? null : clock.past(init.issueDay, 10.5),
        createdAt: clock.past(init.issueDay, 9 + rng.int(0, 4) / 2),
      };
      const lastDay = [inv.dueDay, clock.today].sort()[0];
      if (inv.status === "paid") {
        const k = rng.int(1, 3);
        const parts =
          k === 1
            ? [totals.total]
            : k === 2
              ? [divRound(totals.total * 50n, 100n)]
              : [divRound(totals.total * 40n, 100n), divRound(totals.total * 40n, 100n)];
        if (k > 1) parts.push(totals.total - parts.reduce((a, b) => a + b, 0n));
        const days = parts.map(() => paymentDay(inv.issueDay, lastDay)).sort();
        inv.payments = parts.map((amount, i) => payment(amount, days[i]));
      } else if (inv.status === "partial") {
        const parts = rng.chance(0.5)
          ? [divRound(totals.total * 50n, 100n)]
          : [divRound(totals.total * 30n, 100n), divRound(totals.total * 20n, 100n)];
        const days = parts.map(() => paymentDay(inv.issueDay, lastDay)).sort();
        inv.payments = parts.map((amount, i) => payment(amount, days[i]));
      }
      invoices.push(inv);
      return inv;
    };
    const quoteOf = (j: JobPlan) => quotes.find((q) => q.job === j && q.status === "approved") ?? null;
    const copyLines = (q: QuotePlan): Line[] => q.lines.map((l) => ({ ...l }));
    const fromQuote = (ref: string, status: InvoicePlan["status"], issueDay: string) => {
      const j = job(ref);
      const q = quoteOf(j);
      if (!q) throw new Error(`job ${ref} has no approved quote`);
      return makeInvoice({
        job: j,
        customer: j.customer,
        quote: q,
        title: q.project.title,
        description: j.project.description,
        status,
        issueDay,
        lines: copyLines(q),
      });
    };
    const standalone = (ref: string, status: InvoicePlan["status"], issueDay: string) => {
      const j = job(ref);
      return makeInvoice({
        job: j,
        customer: j.customer,
        title: j.project.title,
        description: j.project.description,
        status,
        issueDay,
        lines: projectLines(rng, j.project),
      });
    };
    const completion = (ref: string) => job(ref).completionDate ?? clock.today;
    const start = (ref: string) => {
      const d = job(ref).startDate ?? clock.today;
      return d > clock.today ? clock.today : d;
    };
    // From approved quotes (12).
    fromQuote("C0", "sent", completion("C0"));
    for (const ref of ["C1", "C2", "C3"]) fromQuote(ref, "paid", completion(ref));
    for (const ref of ["I0", "I1", "I2", "I3"]) fromQuote(ref, "partial", start(ref));
    for (const ref of ["I4", "I5"]) fromQuote(ref, "sent", start(ref));
    for (const ref of ["A0", "A1"]) fromQuote(ref, "draft", clock.today);
    // Without a quote (23).
    for (const ref of ["C4", "C5"]) standalone(ref, "sent", completion(ref));
    for (const ref of ["C6", "C7", "C9", "C11", "C13", "C14", "C15", "C16", "C17"])
      standalone(ref, "paid", completion(ref));
    for (const ref of ["C8", "C10", "C12"]) standalone(ref, "overdue", completion(ref));
    makeInvoice({
      job: job("C16"),
      customer: job("C16").customer,
      title: "Warranty service – drawer slide replacement",
      description: "Out-of-warranty service call: replaced a failed slide and realigned drawer fronts.",
      status: "overdue",
      issueDay: clock.day(-50),
      lines: [
        { description: "Service call – realign doors and drawer fronts", qty: 100n, price: 14500n },
        { description: 'Blum Tandem 21" full-extension slide (pair)', qty: 200n, price: 4650n },
        { description: "Additional labor (hours)", qty: 150n, price: 8500n },
      ],
    });
    for (const ref of ["I6", "I7"]) standalone(ref, "partial", start(ref));
    for (const ref of ["I8", "I9"]) standalone(ref, "sent", start(ref));
    for (const ref of ["A6", "A7"]) {
      const j = job(ref);
      const contract = computeTotals(projectLines(rng, j.project)).total;
      j.estimated = contract;
      makeInvoice({
        job: j,
        customer: j.customer,
        title: `Deposit – ${j.project.title}`,
        status: "draft",
        issueDay: clock.today,
        lines: [
          {
            description: `50% deposit on contract of $${money(contract)}`,
            qty: 100n,
            price: divRound(contract * 50n, 100n),
          },
        ],
        notes: "The deposit reserves your place in the shop schedule.",
      });
    }
    {
      const j = job("X0");
      const q = quotes.find((qq) => qq.job === j) ?? null;
      const contract = q ? q.totals.total : computeTotals(projectLines(rng, j.project)).total;
      makeInvoice({
        job: j,
        customer: j.customer,
        title: `Deposit – ${j.project.title}`,
        status: "cancelled",
        issueDay: addDays(j.createdDay, 5) > clock.today ? clock.today : addDays(j.createdDay, 5),
        lines: [
          { description: "30% deposit to reserve the shop schedule", qty: 100n, price: divRound(contract * 30n, 100n) },
        ],
        notes: "Cancelled with the job.",
      });
    }
    {
      const original = invoices.find((inv) => inv.job === job("C9"));
      if (!original) throw new Error("C9 invoice missing");
      makeInvoice({
        job: original.job,
        customer: original.customer,
        title: original.title,
        description: original.description,
        status: "cancelled",
        issueDay: original.issueDay,
        lines: original.lines.map((l) => ({ ...l })),
        notes: "Issued in error (duplicate); voided.",
      });
    }

    // Job money: the contract total where one exists, otherwise an estimate; actual cost once done.
    for (const j of jobs) {
      const q = quotes.find((qq) => qq.job === j);
      const full = invoices.find(
        (inv) => inv.job === j && !inv.title.startsWith("Deposit") && !inv.title.startsWith("Warranty"),
      );
      if (q) j.estimated = q.totals.total;
      else if (full) j.estimated = full.totals.total;
      else if (j.estimated === null)
        j.estimated = divRound(computeTotals(projectLines(rng, j.project)).total, 5000n) * 5000n; // to $50
      if (j.status === "completed" && j.estimated !== null)
        j.actual = divRound(j.estimated * BigInt(rng.int(88, 112)), 100n);
      if (j.status === "in-progress" && j.estimated !== null && rng.chance(0.5))
        j.actual = divRound(j.estimated * BigInt(rng.int(20, 60)), 100n);
    }

    // Numbers follow creation order within each year.
    const numberDocs = <T extends { createdAt: Date; number?: string }>(
      docs: T[],
      prefix: string,
      dayOf: (d: T) => string,
    ) => {
      const perYear = new Map<string, number>();
      [...docs]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .forEach((d) => {
          const year = dayOf(d).slice(0, 4);
          const n = (perYear.get(year) ?? 0) + 1;
          perYear.set(year, n);
          d.number = `${prefix}-${year}-${String(n).padStart(4, "0")}`;
        });
    };
    numberDocs(quotes, "Q", (q) => businessToday(clock.timeZone, q.createdAt));
    numberDocs(invoices, "INV", (inv) => businessToday(clock.timeZone, inv.createdAt));

    // ------------------------------------------------------------ insert customers, jobs, phases
    const custIds = await tx
      .insert(t.customers)
      .values(
        customers.map((c) => ({
          name: c.name,
          email: c.email,
          phone: c.phone,
          address: c.address,
          city: c.city,
          state: c.state,
          zipCode: c.zipCode,
          notes: c.notes,
          createdAt: c.createdAt,
          updatedAt: c.createdAt,
        })),
      )
      .returning({ id: t.customers.id });
    customers.forEach((c, i) => (c.id = custIds[i].id));
    summary.customers = customers.length;

    const jobCreatedAt = (j: JobPlan) => clock.past(j.createdDay, 9 + (j.customer.name.length % 8) / 2);
    const jobIds = await tx
      .insert(t.jobs)
      .values(
        jobs.map((j) => ({
          customerId: j.customer.id!,
          title: j.title,
          description: j.project.description,
          status: j.status,
          estimatedCost: j.estimated === null ? null : money(j.estimated),
          actualCost: j.actual === null ? null : money(j.actual),
          startDate: j.startDate,
          completionDate: j.completionDate,
          notes: j.notes,
          createdAt: jobCreatedAt(j),
          updatedAt: clock.past(j.status === "completed" && j.completionDate ? j.completionDate : clock.today, 17),
        })),
      )
      .returning({ id: t.jobs.id });
    jobs.forEach((j, i) => (j.id = jobIds[i].id));
    summary.jobs = jobs.length;

    const phaseNames = ["Design & final measure", "Shop build", "Finishing", "Delivery & install", "Punch list"];
    const phaseRows = ["I0", "I1", "I2", "A0", "C1"].flatMap((ref) => {
      const j = job(ref);
      const from = j.createdDay;
      const to = j.completionDate ?? clock.day(30);
      const span = Math.max(phaseNames.length, daysFrom(from, to));
      return phaseNames.map((name, i) => {
        const ps = addDays(from, Math.floor((span * i) / phaseNames.length));
        const pe = addDays(
          from,
          Math.floor((span * (i + 1)) / phaseNames.length) - (i === phaseNames.length - 1 ? 0 : 1),
        );
        const status =
          j.status === "completed" || pe < clock.today ? "completed" : ps <= clock.today ? "in-progress" : "planned";
        return {
          jobId: j.id!,
          name,
          plannedStart: ps,
          plannedEnd: pe,
          actualStart: status === "planned" ? null : ps,
          actualEnd: status === "completed" ? pe : null,
          status,
          sortOrder: i,
          notes: name === "Finishing" ? "Sherwin-Williams Pure White, satin conversion varnish." : null,
          createdAt: jobCreatedAt(j),
          updatedAt: jobCreatedAt(j),
        };
      });
    });
    await tx.insert(t.jobPhases).values(phaseRows);
    summary.job_phases = phaseRows.length;

    // ------------------------------------------------------------ quotes, invoices, payments
    const quoteIds = await tx
      .insert(t.quotes)
      .values(
        quotes.map((q) => ({
          customerId: q.customer.id!,
          jobId: q.job?.id ?? null,
          quoteNumber: q.number!,
          title: q.project.title,
          description: q.project.description,
          status: q.status,
          subtotal: money(q.totals.subtotal),
          taxRate: TAX_RATE,
          taxAmount: money(q.totals.tax),
          total: money(q.totals.total),
          validUntil: q.validUntil,
          notes: q.notes,
          terms: QUOTE_TERMS,
          changeRequest: q.changeRequest,
          sentAt: q.sentAt,
          respondedAt: q.respondedAt,
          createdAt: q.createdAt,
          updatedAt: q.respondedAt ?? q.sentAt ?? q.createdAt,
        })),
      )
      .returning({ id: t.quotes.id });
    quotes.forEach((q, i) => (q.id = quoteIds[i].id));
    const quoteItemRows = quotes.flatMap((q) => itemRows(q.lines, q.createdAt).map((r) => ({ ...r, quoteId: q.id! })));
    await tx.insert(t.quoteItems).values(quoteItemRows);
    summary.quotes = quotes.length;
    summary.quote_items = quoteItemRows.length;

    const invoiceIds = await tx
      .insert(t.invoices)
      .values(
        invoices.map((inv) => {
          const paid = inv.payments.reduce((sum, p) => sum + p.amount, 0n);
          return {
            customerId: inv.customer.id!,
            quoteId: inv.quote?.id ?? null,
            jobId: inv.job?.id ?? null,
            invoiceNumber: inv.number!,
            title: inv.title,
            description: inv.description,
            status: inv.status,
            issueDate: inv.issueDay,
            dueDate: inv.dueDay,
            subtotal: money(inv.totals.subtotal),
            taxRate: TAX_RATE,
            taxAmount: money(inv.totals.tax),
            total: money(inv.totals.total),
            paidTotal: money(paid),
            balance: money(inv.totals.total - paid),
            notes: inv.notes,
            terms: INVOICE_TERMS,
            sentAt: inv.sentAt,
            createdAt: inv.createdAt,
            updatedAt: inv.createdAt,
          };
        }),
      )
      .returning({ id: t.invoices.id });
    invoices.forEach((inv, i) => (inv.id = invoiceIds[i].id));
    const invoiceItemRows = invoices.flatMap((inv) =>
      itemRows(inv.lines, inv.createdAt).map((r) => ({ ...r, invoiceId: inv.id! })),
    );
    await tx.insert(t.invoiceItems).values(invoiceItemRows);
    summary.invoices = invoices.length;
    summary.invoice_items = invoiceItemRows.length;

    const paymentPlans = invoices.flatMap((inv) => inv.payments.map((p) => ({ inv, p })));
    const paymentIds = await tx
      .insert(t.payments)
      .values(
        paymentPlans.map(({ inv, p }) => {
          const at = clock.past(p.day, p.hour);
          return {
            invoiceId: inv.id!,
            amount: money(p.amount),
            method: p.method,
            provider: p.provider,
            providerTransactionId: p.txn,
            currency: "USD",
            status: "completed",
            receivedAt: at,
            reference: p.reference,
            notes: p.provider ? "Paid online through the payment link." : null,
            recordedByUserId: p.provider ? null : userId(rng.chance(0.7) ? "office" : "owner"),
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: t.payments.id });
    paymentPlans.forEach(({ p }, i) => (p.id = paymentIds[i].id));
    summary.payments = paymentPlans.length;

    // ------------------------------------------------------------ resources and the schedule
    const R = {
      IVAN: 0,
      TYLER: 1,
      DIEGO: 2,
      CREW_A: 3,
      CREW_B: 4,
      TRUCK: 5,
      VAN: 6,
      SAW: 7,
      EDGE: 8,
      SPRAY: 9,
    } as const;
    const resourceIds = await tx
      .insert(t.resources)
      .values(
        resourceDefs.map((r) => ({
          ...r,
          active: true,
          createdAt: clock.past(clock.day(-400), 9),
          updatedAt: clock.past(clock.day(-400), 9),
        })),
      )
      .returning({ id: t.resources.id });
    summary.resources = resourceIds.length;

    type EventPlan = {
      id?: number;
      title: string;
      type: "install" | "measure" | "delivery" | "shop" | "appointment" | "service";
      job: JobPlan | null;
      customer: CustomerPlan | null;
      day: string;
      start: number;
      end: number;
      allDay: boolean;
      notes: string | null;
      resources: number[];
      status: string;
    };
    const events: EventPlan[] = [];
    const busy = new Map<number, Array<[number, number]>>();
    const windowStart = clock.day(-14);
    const windowEnd = clock.day(28);
    const inWindow = (day: string) => day >= windowStart && day <= windowEnd;
    const book = (ev: Omit<EventPlan, "resources" | "status">, combos: number[][]): EventPlan | null => {
      const s = clock.at(ev.day, ev.allDay ? 0 : ev.start).getTime();
      const e = ev.allDay ? clock.at(addDays(ev.day, 1), 0).getTime() : clock.at(ev.day, ev.end).getTime();
      for (const combo of combos) {
        const free = combo.every((r) => (busy.get(r) ?? []).every(([bs, be]) => be <= s || bs >= e));
        if (!free) continue;
        for (const r of combo) busy.set(r, [...(busy.get(r) ?? []), [s, e]]);
        let status = "scheduled";
        if (ev.day < clock.today)
          status = (ev.type === "measure" || ev.type === "appointment") && rng.chance(0.12) ? "cancelled" : "done";
        const plan: EventPlan = { ...ev, resources: combo, status };
        events.push(plan);
        return plan;
      }
      return null;
    };
    const installCombos: Record<Kind, number[][]> = {
      kitchen: [[R.CREW_A], [R.CREW_B], [R.IVAN, R.TYLER], [R.IVAN, R.DIEGO]],
      bath: [[R.IVAN], [R.DIEGO], [R.TYLER], [R.CREW_B]],
      closet: [[R.CREW_B], [R.DIEGO], [R.IVAN], [R.CREW_A]],
      builtin: [[R.IVAN, R.DIEGO], [R.CREW_B], [R.IVAN], [R.CREW_A]],
    };
    const installDaysOf = (j: JobPlan) => {
      if (!j.completionDate) return [];
      const days: string[] = [];
      let d = workdayOnOrBefore(j.completionDate);
      while (days.length < INSTALL_DAYS[j.project.kind]) {
        if (isWorkday(d)) days.unshift(d);
        d = addDays(d, -1);
      }
      return days;
    };
    const scheduledJobs = jobs.filter(
      (j) => j.status === "in-progress" || j.status === "completed" || j.status === "approved",
    );
    const firstInstallDay = new Map<JobPlan, string>();
    // Installs first: they hold the crews.
    for (const j of scheduledJobs) {
      const days = installDaysOf(j);
      days.forEach((day, i) => {
        if (!inWindow(day)) return;
        const booked = book(
          {
            title: `Install – ${j.title}${days.length > 1 ? ` (day ${i + 1} of ${days.length})` : ""}`,
            type: "install",
            job: j,
            customer: j.customer,
            day,
            start: 8,
            end: 16.5,
            allDay: false,
            notes: i === 0 ? "Confirm the electrician has finished rough-in." : null,
          },
          installCombos[j.project.kind],
        );
        if (booked && !firstInstallDay.has(j)) firstInstallDay.set(j, day);
      });
    }
    // Deliveries on the first install day, before the crew starts.
    for (const [j, day] of firstInstallDay) {
      book(
        {
          title: `Deliver cabinets – ${j.customer.label}`,
          type: "delivery",
          job: j,
          customer: j.customer,
          day,
          start: 6.5,
          end: 7.75,
          allDay: false,
          notes: "Load the night before; blankets and straps.",
        },
        [[R.TRUCK, R.TYLER], [R.TRUCK, R.DIEGO], [R.VAN, R.TYLER], [R.TRUCK]],
      );
    }
    // Shop build and finishing ahead of the installs.
    for (const [j, day] of firstInstallDay) {
      const buildDay = workdayOnOrBefore(addDays(day, -rng.int(6, 9)));
      const sprayDay = workdayOnOrBefore(addDays(day, -rng.int(2, 4)));
      if (inWindow(buildDay)) {
        book(
          {
            title: `Shop build – ${j.title}`,
            type: "shop",
            job: j,
            customer: j.customer,
            day: buildDay,
            start: 0,
            end: 24,
            allDay: true,
            notes: "Cut list printed; edgeband all exposed edges.",
          },
          [[R.SAW, R.EDGE], [R.SAW]],
        );
      }
      if (inWindow(sprayDay)) {
        book(
          {
            title: `Spray finish – ${j.customer.label}`,
            type: "shop",
            job: j,
            customer: j.customer,
            day: sprayDay,
            start: 7,
            end: 12,
            allDay: false,
            notes: null,
          },
          [[R.SPRAY]],
        );
      }
    }
    const slots: Array<[number, number]> = [
      [9, 10.5],
      [11, 12.5],
      [13.5, 15],
      [15.5, 17],
    ];
    const bookInSlots = (ev: Omit<EventPlan, "resources" | "status" | "start" | "end">, combos: number[][]) => {
      for (const [s, e] of rng.shuffle(slots)) {
        const booked = book({ ...ev, start: s, end: e }, combos);
        if (booked) return booked;
      }
      return null;
    };
    const measureCombos = [[R.DIEGO, R.VAN], [R.TYLER, R.VAN], [R.IVAN, R.VAN], [R.DIEGO], [R.TYLER], [R.IVAN]];
    // Site measures for quoted jobs, final measures before approved jobs start.
    for (const j of group("Q")) {
      const day = workdayOnOrAfter(addDays(j.createdDay, rng.int(1, 3)));
      if (inWindow(day)) {
        bookInSlots(
          {
            title: `Site measure – ${j.customer.label}`,
            type: "measure",
            job: j,
            customer: j.customer,
            day,
            allDay: false,
            notes: "Bring door samples.",
          },
          measureCombos,
        );
      }
    }
    for (const j of group("A")) {
      if (!j.startDate) continue;
      const day = workdayOnOrBefore(addDays(j.startDate, -3));
      if (inWindow(day)) {
        bookInSlots(
          {
            title: `Final measure – ${j.title}`,
            type: "measure",
            job: j,
            customer: j.customer,
            day,
            allDay: false,
            notes: "Verify appliance specs and window trim.",
          },
          measureCombos,
        );
      }
    }
    // Service visits on finished jobs (one today for Ivan when the shop is open), and a morning
    // install for Ivan today if the crews took all of today's installs.
    const serviceJobs = [job("C0"), job("C3"), job("C6")];
    if (isWorkday(clock.today)) {
      const ivanInstalls = events.some(
        (ev) => ev.day === clock.today && ev.type === "install" && ev.resources.includes(R.IVAN),
      );
      const candidate = group("I").find((j) => !events.some((ev) => ev.day === clock.today && ev.job === j));
      if (!ivanInstalls && candidate) {
        book(
          {
            title: `Install – ${candidate.title} (uppers and trim)`,
            type: "install",
            job: candidate,
            customer: candidate.customer,
            day: clock.today,
            start: 8,
            end: 12,
            allDay: false,
            notes: null,
          },
          [[R.IVAN]],
        );
      }
      book(
        {
          title: `Service: adjust doors – ${job("C2").customer.label}`,
          type: "service",
          job: job("C2"),
          customer: job("C2").customer,
          day: clock.today,
          start: 13,
          end: 15,
          allDay: false,
          notes: "Two doors rubbing after humidity change.",
        },
        [[R.IVAN, R.VAN], [R.IVAN]],
      );
    }
    for (const j of serviceJobs) {
      const day = workdayOnOrAfter(addDays(j.completionDate ?? clock.today, rng.int(7, 14)));
      if (inWindow(day)) {
        bookInSlots(
          {
            title: `Service: punch list – ${j.customer.label}`,
            type: "service",
            job: j,
            customer: j.customer,
            day,
            allDay: false,
            notes: null,
          },
          [[R.DIEGO, R.VAN], [R.TYLER, R.VAN], [R.IVAN]],
        );
      }
    }
    // Design consults with new leads.
    for (const lead of leads.slice(0, 4)) {
      const day = workdayOnOrAfter(clock.day(rng.int(-12, 20)));
      bookInSlots(
        {
          title: `Design consult – ${lead.name}`,
          type: "appointment",
          job: null,
          customer: lead,
          day,
          allDay: false,
          notes: "Bring the door and finish sample kit.",
        },
        [[R.IVAN], [R.DIEGO], [R.TYLER]],
      );
    }
    events.sort((a, b) => (a.day === b.day ? a.start - b.start : a.day < b.day ? -1 : 1));
    const eventIds = await tx
      .insert(t.scheduleEvents)
      .values(
        events.map((ev) => {
          const startAt = clock.at(ev.day, ev.allDay ? 0 : ev.start);
          const endAt = ev.allDay ? clock.at(addDays(ev.day, 1), 0) : clock.at(ev.day, ev.end);
          const c = ev.customer;
          const location =
            ev.type === "shop"
              ? "Shop – 1420 Westinghouse Blvd, Charlotte, NC 28273"
              : c
                ? `${c.address}, ${c.city}, ${c.state} ${c.zipCode}`
                : null;
          const createdAt = clock.past(addDays(ev.day, -rng.int(3, 14)), 8);
          return {
            title: ev.title,
            type: ev.type,
            jobId: ev.job?.id ?? null,
            customerId: c?.id ?? null,
            startAt,
            endAt,
            allDay: ev.allDay,
            location,
            notes: ev.notes,
            status: ev.status,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: t.scheduleEvents.id });
    events.forEach((ev, i) => (ev.id = eventIds[i].id));
    const linkRows = events.flatMap((ev) =>
      ev.resources.map((r) => ({ eventId: ev.id!, resourceId: resourceIds[r].id })),
    );
    await tx.insert(t.scheduleEventResources).values(linkRows);
    summary.schedule_events = events.length;
    summary.schedule_event_resources = linkRows.length;

    // ------------------------------------------------------------ tasks
    const todayEvent =
      events.find((ev) => ev.day === clock.today && ev.type === "install" && ev.resources.includes(R.IVAN) && ev.job) ??
      null;
    const todayJob = todayEvent?.job ?? job("I0");
    const sentQuotes = quotes.filter((q) => q.status === "sent");
    type TaskDef = {
      title: string;
      type: "installation" | "followup" | "internal" | "project";
      priority: "low" | "medium" | "high" | "urgent";
      status: "open" | "in-progress" | "blocked" | "done" | "cancelled";
      due: number | null;
      user?: UserKey;
      resource?: number;
      job?: JobPlan | null;
      customer?: CustomerPlan | null;
      event?: EventPlan | null;
      hours?: number;
      notes?: string;
    };
    const label = (j: JobPlan) => j.customer.label;
    const taskDefs: TaskDef[] = [
      {
        title: `Install upper cabinets – ${label(todayJob)}`,
        type: "installation",
        priority: "high",
        status: "in-progress",
        due: 0,
        user: "installer",
        job: todayJob,
        event: todayEvent,
        hours: 6,
      },
      {
        title: `Set crown molding – ${label(todayJob)}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 0,
        user: "installer",
        job: todayJob,
        event: todayEvent,
        hours: 3,
      },
      {
        title: `Adjust doors and drawer fronts – ${label(job("C2"))}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 0,
        user: "installer",
        job: job("C2"),
        hours: 2,
      },
      {
        title: "Pick up hinge order at Queen City Cabinet Hardware",
        type: "internal",
        priority: "low",
        status: "open",
        due: 0,
        user: "installer",
        hours: 1,
      },
      {
        title: `Call ${label(job("I1"))} about the countertop template date`,
        type: "followup",
        priority: "high",
        status: "open",
        due: -3,
        user: "office",
        job: job("I1"),
      },
      {
        title: `Collect final payment – ${label(job("C8"))}`,
        type: "followup",
        priority: "urgent",
        status: "open",
        due: -5,
        user: "office",
        job: job("C8"),
        notes: "Invoice is past due; call before sending a reminder.",
      },
      {
        title: `Reorder damaged drawer front – ${label(job("I2"))}`,
        type: "project",
        priority: "high",
        status: "blocked",
        due: -2,
        user: "owner",
        job: job("I2"),
        notes: "Waiting on the finisher's color match.",
      },
      {
        title: `Touch-up paint on pantry doors – ${label(job("I3"))}`,
        type: "installation",
        priority: "medium",
        status: "in-progress",
        due: -1,
        user: "tbrooks",
        job: job("I3"),
        hours: 2,
      },
      {
        title: `Send revised drawings to ${label(job("Q0"))}`,
        type: "project",
        priority: "medium",
        status: "open",
        due: -4,
        user: "owner",
        job: job("Q0"),
      },
      {
        title: "Return unused Baltic birch to Piedmont Plywood",
        type: "internal",
        priority: "low",
        status: "open",
        due: -6,
        user: "installer",
        hours: 1,
      },
      {
        title: `Waiting on appliance specs – ${label(job("A2"))}`,
        type: "project",
        priority: "medium",
        status: "blocked",
        due: 3,
        user: "office",
        job: job("A2"),
      },
      {
        title: `Island size on hold pending plumber rough-in – ${label(job("A3"))}`,
        type: "project",
        priority: "urgent",
        status: "blocked",
        due: 5,
        user: "owner",
        job: job("A3"),
      },
      {
        title: `Sand and prime wall cabinets – ${label(job("I4"))}`,
        type: "project",
        priority: "high",
        status: "in-progress",
        due: 2,
        user: "dramirez",
        job: job("I4"),
        hours: 8,
      },
      {
        title: `Build face frames – ${label(job("A0"))}`,
        type: "project",
        priority: "medium",
        status: "in-progress",
        due: 4,
        resource: R.CREW_B,
        job: job("A0"),
        hours: 12,
      },
      {
        title: "Update supplier price list for hinges and slides",
        type: "internal",
        priority: "low",
        status: "in-progress",
        due: 10,
        user: "office",
      },
      {
        title: `Final measure – ${label(job("A1"))}`,
        type: "installation",
        priority: "high",
        status: "in-progress",
        due: 1,
        user: "tbrooks",
        job: job("A1"),
        hours: 2,
      },
      {
        title: `Follow up on quote ${sentQuotes[0]?.number ?? ""} – ${sentQuotes[0]?.customer.label ?? ""}`,
        type: "followup",
        priority: "medium",
        status: "open",
        due: 2,
        user: "office",
        customer: sentQuotes[0]?.customer ?? null,
        job: sentQuotes[0]?.job ?? null,
      },
      {
        title: `Follow up on quote ${sentQuotes[1]?.number ?? ""} – ${sentQuotes[1]?.customer.label ?? ""}`,
        type: "followup",
        priority: "low",
        status: "open",
        due: 5,
        user: "office",
        customer: sentQuotes[1]?.customer ?? null,
        job: sentQuotes[1]?.job ?? null,
      },
      {
        title: `Book the box truck for ${label(job("A4"))}`,
        type: "internal",
        priority: "medium",
        status: "open",
        due: 6,
        user: "office",
        job: job("A4"),
      },
      {
        title: `Order white oak plywood – ${label(job("A5"))}`,
        type: "project",
        priority: "high",
        status: "open",
        due: 3,
        user: "owner",
        job: job("A5"),
      },
      {
        title: `Confirm install date with ${label(job("A6"))}`,
        type: "followup",
        priority: "medium",
        status: "open",
        due: 7,
        user: "office",
        job: job("A6"),
      },
      {
        title: `Service call: realign sink base doors – ${label(job("C5"))}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 9,
        user: "dramirez",
        job: job("C5"),
        hours: 2,
      },
      {
        title: "Replace panel saw blades",
        type: "internal",
        priority: "low",
        status: "open",
        due: 12,
        user: "owner",
        resource: R.SAW,
      },
      {
        title: "Monthly spray booth filter change and safety check",
        type: "internal",
        priority: "medium",
        status: "open",
        due: 14,
        user: "office",
        resource: R.SPRAY,
      },
      {
        title: `Prepare shop drawings – ${label(job("Q1"))}`,
        type: "project",
        priority: "medium",
        status: "open",
        due: 8,
        user: "owner",
        job: job("Q1"),
      },
      {
        title: `Measure for closet system – ${label(job("Q2"))}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 4,
        user: "installer",
        job: job("Q2"),
        hours: 2,
      },
      {
        title: `Install cabinets – ${label(job("A7"))}`,
        type: "installation",
        priority: "high",
        status: "open",
        due: 12,
        resource: R.CREW_B,
        job: job("A7"),
        hours: 16,
      },
      {
        title: `Install vanity and linen tower – ${label(job("A8"))}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 18,
        user: "installer",
        job: job("A8"),
        hours: 6,
      },
      {
        title: `Install base cabinets – ${label(job("I5"))}`,
        type: "installation",
        priority: "high",
        status: "done",
        due: -3,
        user: "installer",
        job: job("I5"),
        hours: 8,
      },
      {
        title: `Deliver cabinets – ${label(job("I6"))}`,
        type: "installation",
        priority: "medium",
        status: "done",
        due: -6,
        user: "tbrooks",
        job: job("I6"),
        hours: 3,
      },
      {
        title: `Punch list walkthrough – ${label(job("C0"))}`,
        type: "followup",
        priority: "medium",
        status: "done",
        due: -2,
        user: "owner",
        job: job("C0"),
        hours: 1,
      },
      {
        title: `Send thank-you note and review request – ${label(job("C1"))}`,
        type: "followup",
        priority: "low",
        status: "done",
        due: -8,
        user: "office",
        job: job("C1"),
      },
      {
        title: `Spray doors and drawer fronts – ${label(job("I7"))}`,
        type: "project",
        priority: "high",
        status: "done",
        due: -10,
        user: "dramirez",
        job: job("I7"),
        hours: 7,
      },
      {
        title: "Reconcile hardware receipts",
        type: "internal",
        priority: "low",
        status: "done",
        due: -12,
        user: "office",
        hours: 2,
      },
      {
        title: `Install crown and light rail – ${label(job("C3"))}`,
        type: "installation",
        priority: "medium",
        status: "done",
        due: -15,
        user: "installer",
        job: job("C3"),
        hours: 5,
      },
      {
        title: `Collect deposit – ${label(job("I0"))}`,
        type: "followup",
        priority: "high",
        status: "done",
        due: -18,
        user: "office",
        job: job("I0"),
      },
      {
        title: "Order Blum hinges and slides for next month",
        type: "internal",
        priority: "medium",
        status: "done",
        due: -20,
        user: "owner",
      },
      {
        title: `Template countertops – ${label(job("X1"))}`,
        type: "installation",
        priority: "low",
        status: "cancelled",
        due: -7,
        user: "tbrooks",
        job: job("X1"),
      },
      {
        title: `Follow up on quote – ${label(job("X2"))}`,
        type: "followup",
        priority: "low",
        status: "cancelled",
        due: -12,
        user: "office",
        job: job("X2"),
      },
      {
        title: `Design review meeting – ${label(job("X3"))}`,
        type: "project",
        priority: "medium",
        status: "cancelled",
        due: 3,
        user: "owner",
        job: job("X3"),
      },
    ];
    const tasks = taskDefs.map((d) => {
      const dueDay = d.due === null ? null : clock.day(d.due);
      const completedAt = d.status === "done" && dueDay ? clock.past(dueDay, 15.5) : null;
      const createdAt = clock.past(clock.day((d.due ?? 0) - rng.int(3, 12)), 8.5);
      return { def: d, dueDay, completedAt, createdAt };
    });
    await tx.insert(t.tasks).values(
      tasks.map(({ def, dueDay, completedAt, createdAt }) => ({
        title: def.title,
        description: def.notes ?? null,
        type: def.type,
        priority: def.priority,
        status: def.status,
        dueDate: dueDay,
        customerId: (def.customer ?? def.job?.customer)?.id ?? null,
        jobId: def.job?.id ?? null,
        scheduleEventId: def.event?.id ?? null,
        assignedToUserId: def.user ? userId(def.user) : null,
        assignedToResourceId: def.resource === undefined ? null : resourceIds[def.resource].id,
        estimatedHours: def.hours ?? null,
        actualHours: def.status === "done" && def.hours ? def.hours + rng.int(-1, 2) : null,
        notes: null,
        completedAt,
        createdAt,
        updatedAt: completedAt ?? createdAt,
      })),
    );
    summary.tasks = tasks.length;

    // ------------------------------------------------------------ inventory
    const categoryIds = await tx
      .insert(t.inventoryCategories)
      .values(
        categoryDefs.map(([name, description], i) => ({
          name,
          description,
          sortOrder: i,
          createdAt: clock.past(clock.day(-420), 9),
          updatedAt: clock.past(clock.day(-420), 9),
        })),
      )
      .returning({ id: t.inventoryCategories.id });
    const supplierIds = await tx
      .insert(t.suppliers)
      .values(
        supplierDefs.map((s) => ({
          ...s,
          notes: null,
          createdAt: clock.past(clock.day(-420), 9),
          updatedAt: clock.past(clock.day(-420), 9),
        })),
      )
      .returning({ id: t.suppliers.id });

    const SCALE4 = 10000n;
    const itemRowsToInsert: Array<typeof t.inventoryItems.$inferInsert> = [];
    type TxnPlan = {
      item: number;
      type: "receive" | "issue";
      qty: bigint; // signed, 1/10000 units
      unitCost: bigint; // 1/10000 dollars
      totalCost: bigint; // signed, 1/10000 dollars
      job: JobPlan | null;
      supplier: number | null;
      day: string;
      hour: number;
      reference: string | null;
      user: UserKey;
    };
    const txnPlans: TxnPlan[] = [];
    const jobsActiveOn = (day: string) =>
      jobs.filter(
        (j) =>
          (j.status === "in-progress" || j.status === "completed") &&
          j.startDate &&
          j.startDate <= day &&
          (j.completionDate ?? clock.today) >= day,
      );
    const issueJobs = jobs.filter((j) => j.status === "in-progress" || j.status === "completed");
    let poNumber = 4100;
    itemDefs.forEach((def, index) => {
      const base = q4(def.cost);
      let stock = 0n;
      let avg = 0n;
      let last: bigint | null = null;
      const receive = (day: string, qty: bigint, pct: number) => {
        const cost = divRound(base * BigInt(pct), 100n);
        avg = stock + qty === 0n ? cost : divRound(stock * avg + qty * cost, stock + qty);
        stock += qty;
        last = cost;
        poNumber += 1;
        txnPlans.push({
          item: index,
          type: "receive",
          qty,
          unitCost: cost,
          totalCost: divRound(qty * cost, SCALE4),
          job: null,
          supplier: def.supplier,
          day,
          hour: 7.25,
          reference: `PO-${poNumber}`,
          user: "office",
        });
      };
      const issue = (day: string, wanted: bigint, step: bigint) => {
        let qty = wanted > stock ? stock - (stock % step) : wanted;
        if (qty <= 0n) return;
        if (qty > stock) qty = stock;
        const active = jobsActiveOn(day);
        const j = active.length ? rng.pick(active) : rng.pick(issueJobs);
        stock -= qty;
        txnPlans.push({
          item: index,
          type: "issue",
          qty: -qty,
          unitCost: avg,
          totalCost: -divRound(qty * avg, SCALE4),
          job: j,
          supplier: null,
          day,
          hour: 7 + rng.int(0, 18) / 2,
          reference: j.title,
          user: rng.pick<UserKey>(["installer", "tbrooks", "dramirez", "office"]),
        });
      };
      const randomIssue = () => {
        const [min, max, step] = def.issue!;
        return q4(min) + q4(step) * BigInt(rng.int(0, Math.round((max - min) / step)));
      };
      const reorder = q4(def.reorderQty);
      const point = q4(def.reorderPoint);
      receive(clock.day(-85), reorder * (def.issue && def.issue[1] * 6 > def.reorderQty ? 2n : 1n), rng.int(95, 99));
      if (def.issue) {
        const step = q4(def.issue[2]);
        const firstDays = Array.from({ length: rng.int(1, 3) }, () => clock.day(-rng.int(41, 80))).sort();
        for (const day of firstDays) issue(day, randomIssue(), step);
        receive(clock.day(-35), reorder, rng.int(99, 103));
        const secondDays = Array.from({ length: rng.int(1, 3) }, () => clock.day(-rng.int(2, 33))).sort();
        for (const day of secondDays) issue(day, randomIssue(), step);
        if (def.low) {
          // Draw it down below the reorder point (some to critical: under half of it).
          const fraction = [20n, 40n, 60n, 85n][index % 4];
          const target = divRound(point * fraction, 100n);
          const targetStepped = target - (target % step);
          if (stock > targetStepped) issue(clock.day(-1), stock - targetStepped, step);
        } else {
          while (stock <= point) receive(clock.day(-5), reorder, 100);
        }
      }
      itemRowsToInsert.push({
        sku: def.sku,
        name: def.name,
        description: null,
        type: def.type,
        categoryId: categoryIds[def.cat].id,
        unit: def.unit,
        purchaseUnit: def.purchaseUnit ?? null,
        unitMultiplier: def.multiplier ?? "1.0000",
        trackStock: true,
        location: def.location,
        reorderPoint: dec4(point),
        reorderQty: dec4(reorder),
        safetyStock: dec4(q4(def.safety)),
        preferredSupplierId: supplierIds[def.supplier].id,
        lastCost: last === null ? null : dec4(last),
        averageCost: dec4(avg),
        sellPrice: def.sell === null ? null : dec4(q4(def.sell)),
        currentStock: dec4(stock),
        tags: def.tags,
        active: true,
        createdAt: clock.past(clock.day(-90), 9),
        updatedAt: clock.past(clock.day(-1), 17),
      });
    });
    const itemIds = await tx.insert(t.inventoryItems).values(itemRowsToInsert).returning({ id: t.inventoryItems.id });
    txnPlans.sort((a, b) => (a.day === b.day ? a.hour - b.hour : a.day < b.day ? -1 : 1));
    const txnIds = await tx
      .insert(t.inventoryTransactions)
      .values(
        txnPlans.map((p) => {
          const at = clock.past(p.day, p.hour);
          return {
            itemId: itemIds[p.item].id,
            type: p.type,
            quantity: dec4(p.qty),
            unitCost: dec4(p.unitCost),
            totalCost: dec4(p.totalCost),
            jobId: p.job?.id ?? null,
            supplierId: p.supplier === null ? null : supplierIds[p.supplier].id,
            reference: p.reference,
            notes: null,
            createdByUserId: userId(p.user),
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: t.inventoryTransactions.id });
    const usageRows = txnPlans.flatMap((p, i) => {
      if (p.type !== "issue" || !p.job) return [];
      const at = clock.past(p.day, p.hour);
      return [
        {
          jobId: p.job.id!,
          itemId: itemIds[p.item].id,
          quantity: dec4(-p.qty),
          unitCostSnapshot: dec4(p.unitCost),
          totalCostSnapshot: dec4(-p.totalCost),
          transactionId: txnIds[i].id,
          notes: null,
          createdAt: at,
          updatedAt: at,
        },
      ];
    });
    if (usageRows.length) await tx.insert(t.jobMaterialUsages).values(usageRows);
    summary.inventory_categories = categoryIds.length;
    summary.suppliers = supplierIds.length;
    summary.inventory_items = itemIds.length;
    summary.inventory_transactions = txnIds.length;
    summary.job_material_usages = usageRows.length;

    // ------------------------------------------------------------ activity log (last 30 days)
    const since = clock.at(clock.day(-30), 0);
    const recent = (d: Date | null | undefined): d is Date => !!d && d >= since && d <= clock.now;
    const fmtMoney = (c: bigint) => formatMoney(money(c));
    const take = (list: ActivityPlan[], n: number) => list.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, n);
    const activity: ActivityPlan[] = [
      ...take(
        jobs
          .map((j) => ({ j, at: jobCreatedAt(j) }))
          .filter(({ at }) => recent(at))
          .map(({ j, at }) => ({
            type: "job_created",
            title: `New job: ${j.title}`,
            description: `${j.customer.name} · ${j.project.kind}`,
            user: "office" as UserKey,
            customer: j.customer,
            job: j,
            amount: j.estimated,
            at,
          })),
        6,
      ),
      ...take(
        quotes
          .filter((q) => recent(q.sentAt))
          .map((q) => ({
            type: "quote_sent",
            title: `Quote ${q.number} sent`,
            description: `${q.project.title} for ${q.customer.name}`,
            user: "office" as UserKey,
            customer: q.customer,
            job: q.job,
            quote: q,
            amount: q.totals.total,
            at: q.sentAt!,
          })),
        6,
      ),
      ...take(
        quotes
          .filter((q) => q.status === "approved" && recent(q.respondedAt))
          .map((q) => ({
            type: "quote_approved",
            title: `Quote ${q.number} approved`,
            description: `${q.customer.name} approved ${fmtMoney(q.totals.total)}`,
            user: null,
            customer: q.customer,
            job: q.job,
            quote: q,
            amount: q.totals.total,
            at: q.respondedAt!,
          })),
        4,
      ),
      ...take(
        paymentPlans
          .map(({ inv, p }) => ({ inv, p, at: clock.past(p.day, p.hour) }))
          .filter(({ at }) => recent(at))
          .map(({ inv, p, at }) => ({
            type: "payment_received",
            title: `Payment received on ${inv.number}`,
            description: `${fmtMoney(p.amount)} by ${p.method.replace("_", " ")} from ${inv.customer.name}`,
            user: p.provider ? null : ("office" as UserKey),
            customer: inv.customer,
            job: inv.job,
            invoice: inv,
            amount: p.amount,
            at,
          })),
        6,
      ),
      ...take(
        tasks
          .filter(({ completedAt }) => recent(completedAt))
          .map(({ def, completedAt }) => ({
            type: "task_completed",
            title: `Task completed: ${def.title}`,
            description: null,
            user: def.user ?? null,
            customer: def.job?.customer ?? null,
            job: def.job ?? null,
            at: completedAt!,
          })),
        5,
      ),
      ...group("I")
        .slice(0, 3)
        .map((j, i) => ({
          type: "photo_uploaded",
          title: `${4 + i * 3} photos uploaded`,
          description: `Progress photos for ${j.title}`,
          user: "installer" as UserKey,
          customer: j.customer,
          job: j,
          at: clock.past(clock.day(-1 - i * 4), 15.75),
        })),
    ].sort((a, b) => a.at.getTime() - b.at.getTime());
    await tx.insert(t.activityLog).values(
      activity.map((a) => ({
        type: a.type,
        title: a.title,
        description: a.description,
        userId: a.user ? userId(a.user) : null,
        customerId: a.customer?.id ?? null,
        jobId: a.job?.id ?? null,
        quoteId: a.quote?.id ?? null,
        invoiceId: a.invoice?.id ?? null,
        amount: a.amount === null || a.amount === undefined ? null : money(a.amount),
        createdAt: a.at,
      })),
    );
    summary.activity_log = activity.length;

    // ------------------------------------------------------------ inbox (as a sync would have stored it)
    // A handful of customer replies so the demo Inbox shows linking; real mail arrives by IMAP sync.
    const mailQuotes = quotes.filter((q) => q.status === "sent" && q.customer.email).slice(0, 3);
    const mailJob = group("I").find((j) => j.customer.email);
    const inbox = [
      ...mailQuotes.map((q, i) => ({
        customer: q.customer,
        job: q.job,
        subject: `Re: Quote ${q.number} from Northwind Cabinetry`,
        text: [
          "Thanks for the quote, it looks great. Could we switch the hardware to matte black pulls?",
          "We'd like to go ahead. Is there any chance you could start before the end of the month?",
          "Quick question before we approve: does the price include removing the old cabinets?",
        ][i % 3],
        at: clock.past(clock.day(-i), 8.5 + i),
        read: i > 0,
      })),
      ...(mailJob
        ? [
            {
              customer: mailJob.customer,
              job: mailJob,
              subject: `Access for Job #${mailJob.id}`,
              text: "Hi! The side door code is 4471. The dog will be in the back yard. See you Monday.",
              at: clock.past(clock.day(0), 7.25),
              read: false,
            },
          ]
        : []),
    ];
    if (inbox.length) {
      await tx.insert(t.emails).values(
        inbox.map((m, i) => ({
          provider: "gmail",
          messageId: `<demo-${i + 1}@${(m.customer.email ?? "customer.example").split("@")[1]}>`,
          threadId: `<demo-${i + 1}@${(m.customer.email ?? "customer.example").split("@")[1]}>`,
          subject: m.subject,
          fromEmail: m.customer.email,
          fromName: m.customer.name,
          toEmail: "office@northwindcabinetry.example",
          bodyText: m.text,
          snippet: m.text.slice(0, 80),
          receivedAt: m.at,
          isRead: m.read,
          customerId: m.customer.id ?? null,
          jobId: m.job?.id ?? null,
          createdAt: m.at,
          updatedAt: m.at,
        })),
      );
    }
    summary.emails = inbox.length;

    await syncNumberSequences(tx);
  });
  return summary;
}
