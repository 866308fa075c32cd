// The screens the browser walkers visit (tests/e2e/a11y.test.ts: axe, no horizontal overflow and
// full-page screenshots at 390, 768 and 1280 px, JavaScript on and off). One table for all of them:
// a new screen (Photos, Inventory, Reports…) joins every check by adding one line to SCREENS.
import { getDb } from "../../db/client.server";
import { eq } from "drizzle-orm";
import { emails, photos, users } from "../../db/schema";
import { createPortalToken } from "~/models/portal.server";
import { api, baseUrl, signIn } from "./http";

/**
 * Records made once per run of a walker, so detail pages and dialogs have something to show — with
 * the lengths a real shop has and the large dataset reaches (a long business name, a long job title,
 * eight line items, six-figure totals), so a screen that only fits short demo rows fails the walk.
 */
export type ScreenFixture = {
  tag: string;
  /** "Harbour View Kitchens and Bathrooms of Westchester <tag>". */
  customerName: string;
  customerId: number;
  jobId: number;
  quoteId: number;
  invoiceId: number;
  emailId: number;
  /** An ordered purchase order with two lines (one bought by the box of 100). */
  purchaseOrderId: number;
  /** The customer's portal page, token included. */
  portalUrl: string;
};

export type Screen = {
  /** Short, unique: it names failures and screenshot files. */
  name: string;
  /** The address to open, from the fixture's records. */
  path: (f: ScreenFixture) => string;
  /** Who looks at it: a signed-in owner (default), the office, an installer, or nobody (login, the portal). */
  as?: Role;
  /** Kept as a full-page screenshot in test-results/screens/ at each width (not in CI: `keepScreenshot`). */
  shot?: boolean;
  /** A selector that is on the page once it has rendered (e.g. an open dialog). */
  ready?: string;
  /** axe rules not run on this screen, each with the reason where the table uses it. */
  skipRules?: string[];
  /** It shows the fixture's Inbox message: walked holding the e-mail state shared (ensureFixtureEmail). */
  email?: true;
};

export type Role = "owner" | "office" | "installer" | "anonymous";
export const roleOf = (screen: Screen): Role => screen.as ?? "owner";

const DIALOG = '[role="dialog"]';

export const SCREENS: Screen[] = [
  // Signed out.
  { name: "login", path: () => "/login", as: "anonymous", shot: true },
  { name: "portal", path: (f) => `${f.portalUrl}&quote=${f.quoteId}`, as: "anonymous", shot: true },
  {
    name: "portal-approve",
    path: (f) => `${f.portalUrl}&quote=${f.quoteId}&confirm=approve`,
    as: "anonymous",
    ready: '[data-testid="portal-confirm"]',
  },
  // Every screen of the sidebar.
  { name: "home", path: () => "/", shot: true },
  // The other roles' Homes (each its own dashboard) and the installer's task list; the fixture's
  // long task is the installer's.
  { name: "home-office", path: () => "/", as: "office", shot: true },
  { name: "home-installer", path: () => "/", as: "installer", shot: true },
  { name: "tasks-installer", path: () => "/tasks", as: "installer" },
  { name: "customers", path: () => "/customers", shot: true },
  { name: "jobs", path: () => "/jobs", shot: true },
  // A row's menu drawn open by its link (app/components/data-table.tsx), as without JS.
  {
    name: "jobs-row-menu",
    path: (f) => `/jobs?search=${encodeURIComponent(f.tag)}&menu=${f.jobId}`,
    ready: ".data-table .action-menu-panel",
    shot: true,
  },
  { name: "quotes", path: () => "/quotes", shot: true },
  { name: "invoices", path: () => "/invoices", shot: true },
  { name: "schedule-week", path: () => "/schedule?view=week", shot: true },
  { name: "schedule-month", path: () => "/schedule?view=month", shot: true },
  { name: "schedule-list", path: () => "/schedule?view=list" },
  { name: "resources", path: () => "/schedule/resources" },
  { name: "tasks", path: () => "/tasks" },
  { name: "photos", path: () => "/photos" },
  { name: "inventory", path: () => "/inventory" },
  { name: "inbox", path: () => "/inbox", shot: true, email: true },
  { name: "inbox-message", path: (f) => `/inbox?email=${f.emailId}`, shot: true, email: true },
  { name: "reports", path: () => "/reports" },
  { name: "search", path: (f) => `/search?q=${f.tag}` },
  // Settings tabs.
  { name: "settings-business", path: () => "/settings/business" },
  { name: "settings-email", path: () => "/settings/email" },
  { name: "settings-security", path: () => "/settings/security" },
  { name: "settings-staff", path: () => "/settings/staff" },
  { name: "settings-system", path: () => "/settings/system" },
  // The signed-in user's own (docs/decisions/security.md).
  { name: "two-factor", path: () => "/two-factor", shot: true },
  { name: "change-password", path: () => "/change-password", shot: true },
  // Detail pages.
  { name: "customer", path: (f) => `/customers/${f.customerId}`, shot: true },
  { name: "job", path: (f) => `/jobs/${f.jobId}`, shot: true },
  { name: "quote", path: (f) => `/quotes/${f.quoteId}`, shot: true },
  { name: "invoice", path: (f) => `/invoices/${f.invoiceId}`, shot: true },
  // The main dialogs (routes; a Radix dialog with JS, an overlay without).
  { name: "new-customer", path: () => "/customers/new", ready: DIALOG, shot: true },
  { name: "new-quote", path: () => "/quotes/new", ready: DIALOG },
  {
    name: "record-payment",
    path: (f) => `/invoices/${f.invoiceId}/pay?redirectTo=/invoices/${f.invoiceId}`,
    ready: DIALOG,
    shot: true,
  },
  { name: "send-email", path: (f) => `/quotes/${f.quoteId}/send?redirectTo=/quotes/${f.quoteId}`, ready: DIALOG },
  { name: "new-event", path: () => "/schedule/events/new", ready: DIALOG },
  // The fixture's eight lines in the editors (each line stacks on a phone) and its long names.
  { name: "edit-quote", path: (f) => `/quotes/${f.quoteId}/edit`, ready: DIALOG, shot: true },
  { name: "edit-invoice", path: (f) => `/invoices/${f.invoiceId}/edit`, ready: DIALOG },
  { name: "edit-job", path: (f) => `/jobs/${f.jobId}/edit`, ready: DIALOG },
  { name: "edit-customer", path: (f) => `/customers/${f.customerId}/edit`, ready: DIALOG },
  // Issues 12–15's screens beyond the lists: tabs, field actions, dialogs over a detail page.
  { name: "inventory-suppliers", path: () => "/inventory/suppliers" },
  { name: "inventory-categories", path: () => "/inventory/categories" },
  { name: "inventory-transactions", path: () => "/inventory/transactions" },
  { name: "job-materials", path: (f) => `/jobs/${f.jobId}/materials?from=detail`, ready: DIALOG },
  { name: "phase-new", path: (f) => `/jobs/${f.jobId}/phases/new`, ready: DIALOG },
  { name: "invoice-from-job", path: (f) => `/invoices/new?jobId=${f.jobId}`, ready: DIALOG },
  { name: "photo-upload", path: () => "/photos/upload" },
  { name: "activity", path: () => "/activity" },
  { name: "follow-up", path: () => "/follow-up" },
  { name: "report-issue", path: () => "/report-issue" },
  { name: "request-materials", path: () => "/request-materials" },
  { name: "update-progress", path: () => "/update-progress" },
  { name: "reports-ar-aging", path: () => "/reports?tab=ar-aging" },
  { name: "reports-conversion", path: () => "/reports?tab=conversion" },
  { name: "settings-notifications", path: () => "/settings/system/notifications" },
  // Purchasing (issue 13 item 6): the Purchase Orders and Reorder tabs, a PO's page and its dialogs.
  { name: "inventory-purchase-orders", path: () => "/inventory/purchase-orders", shot: true },
  { name: "inventory-reorder", path: () => "/inventory/reorder", shot: true },
  { name: "purchase-order-new", path: () => "/inventory/purchase-orders/new", ready: DIALOG },
  { name: "purchase-order", path: (f) => `/inventory/purchase-orders/${f.purchaseOrderId}`, shot: true },
  { name: "purchase-order-send", path: (f) => `/inventory/purchase-orders/${f.purchaseOrderId}/send`, ready: DIALOG },
];

/** A customer with a job, a sent quote with items, an invoice, an e-mail and a portal link. */
export async function createScreenFixture(): Promise<ScreenFixture> {
  const tag = `scr${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const cookie = await signIn("owner");
  const post = async (path: string, json: unknown) => {
    const res = await api(path, { method: "POST", cookie, headers: { Origin: baseUrl() }, json });
    if (res.status !== 201) throw new Error(`POST ${path} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  };
  const customerName = `Harbour View Kitchens and Bathrooms of Westchester ${tag}`;
  const customer = await post("/api/customers", {
    name: customerName,
    email: `accounts.payable.${tag}@harbourviewkitchens-westchester.example.com`,
    phone: "802-555-0199",
    city: "Burlington",
  });
  const job = await post("/api/jobs", {
    customerId: customer.id,
    title: `Full kitchen remodel with island, pantry wall and butler's pantry ${tag}`,
  });
  // Eight lines, $103,584.00 before tax: as long and as large as the large dataset's largest quote.
  const items = [
    { description: "Shaker base cabinets, maple, soft-close drawers and doors", quantity: "24", unitPrice: "1845.50" },
    {
      description: "Quartz countertop, 3 cm, waterfall ends, undermount sink cut-out",
      quantity: "1",
      unitPrice: "14250.00",
    },
    {
      description: "Wall cabinets to the ceiling with glass doors and LED lighting",
      quantity: "12",
      unitPrice: "1262.25",
    },
    { description: "Pantry wall, floor-to-ceiling, pull-out larder units", quantity: "3", unitPrice: "3410.00" },
    {
      description: "Island with seating overhang and integrated wine fridge housing",
      quantity: "1",
      unitPrice: "9875.00",
    },
    { description: "Crown moulding, light rail and toe-kick, painted to match", quantity: "48", unitPrice: "38.75" },
    { description: "Removal and disposal of the existing kitchen", quantity: "1", unitPrice: "1850.00" },
    { description: "Installation, levelling, scribing and final adjustments", quantity: "64", unitPrice: "95.00" },
  ];
  const quote = await post("/api/quotes", {
    customerId: customer.id,
    jobId: job.id,
    title: `Kitchen quote ${tag}`,
    status: "sent",
    items,
  });
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const invoice = await post("/api/invoices", {
    customerId: customer.id,
    jobId: job.id,
    title: `Kitchen invoice ${tag}`,
    dueDate: due,
    items,
  });
  // A part payment with a reference: the invoice's Payments list on a phone, where a four-column table
  // broke its date over three lines.
  await post("/api/payments", {
    invoiceId: invoice.id,
    amount: "25000.00",
    method: "bank_transfer",
    reference: `Wire transfer ${tag}`,
  });
  // The job's Schedule and Tasks sections with long titles (no crew: it books nobody's time).
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(14, 0, 0, 0);
  await post("/api/schedule/events", {
    title: `Install base and wall cabinets, then template the quartz countertop ${tag}`,
    type: "install",
    jobId: job.id,
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
  });
  const [installer] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.username, "installer"));
  await post("/api/tasks", {
    title: `Confirm the appliance cut-out sizes with the homeowner's contractor ${tag}`,
    customerId: customer.id,
    jobId: job.id,
    assignedToUserId: installer.id,
    priority: "high",
    dueDate: due,
  });
  const db = await getDb();
  const emailId = await insertFixtureEmail(tag, customer.id, job.id);
  // A job's photo strip wider than a phone (rows only, as the large dataset's: "No preview").
  await db.insert(photos).values(
    Array.from({ length: 6 }, (_, i) => ({
      filename: `${tag}-${i}.jpg`,
      originalName: `IMG_${i}.jpg`,
      fileSize: 400_000,
      mimeType: "image/jpeg",
      objectPath: `fixture/${tag}-${i}.jpg`,
      customerId: customer.id,
      jobId: job.id,
      derivativeStatus: "failed",
      sortOrder: i,
    })),
  );
  const supplier = await post("/api/suppliers", { name: `Northern Hardware ${tag}`, email: `${tag}-po@example.com` });
  const hinge = await post("/api/inventory/items", {
    sku: `HNG-${tag}`,
    name: `Soft-close hinge ${tag}`,
    purchaseUnit: "box",
    unitMultiplier: "100",
    reorderQty: "400",
    preferredSupplierId: supplier.id,
    lastCost: "0.1299",
  });
  const ply = await post("/api/inventory/items", { sku: `PLY-${tag}`, name: `Maple ply ${tag}`, unit: "sheet" });
  const order = await post("/api/purchase-orders", {
    supplierId: supplier.id,
    expectedDate: due,
    lines: [
      { itemId: hinge.id, quantity: "2", unitCost: "12.99", jobId: job.id },
      { itemId: ply.id, quantity: "12", unitCost: "61.2500" },
    ],
  });
  const placed = await api(`/api/purchase-orders/${order.id}/status`, {
    method: "POST",
    cookie,
    headers: { Origin: baseUrl() },
    json: { status: "ordered" },
  });
  if (placed.status !== 200) throw new Error(`placing the fixture's PO → ${placed.status}`);
  const token = await createPortalToken(db, customer.id);
  return {
    tag,
    customerName,
    customerId: customer.id,
    jobId: job.id,
    quoteId: quote.id,
    invoiceId: invoice.id,
    emailId,
    purchaseOrderId: order.id,
    portalUrl: `/client/quotes/${customer.id}?token=${encodeURIComponent(token)}`,
  };
}

/** The fixture's Inbox message (a row only: no mailbox behind it). */
async function insertFixtureEmail(tag: string, customerId: number, jobId: number) {
  const [email] = await (
    await getDb()
  )
    .insert(emails)
    .values({
      provider: "gmail",
      messageId: `<${tag}-${Date.now().toString(36)}@example.com>`,
      subject: `Cabinet door samples ${tag}`,
      fromEmail: `${tag}@example.com`,
      fromName: "Harbour View Kitchens and Bathrooms of Westchester",
      toEmail: "office@example.com",
      bodyText: "Hello,\n\nCould you bring the door samples on Thursday?\n\nThanks",
      snippet: "Could you bring the door samples on Thursday?",
      receivedAt: new Date(),
      customerId,
      jobId,
    })
    .returning({ id: emails.id });
  return email.id;
}

/**
 * The fixture's message again if it is gone: the Inbox's own browser tests empty the messages while
 * they hold the e-mail state (tests/setup/shared-settings.ts), so a walker that shows it later holds
 * that state shared and calls this first.
 */
export async function ensureFixtureEmail(fixture: ScreenFixture) {
  const [found] = await (await getDb()).select({ id: emails.id }).from(emails).where(eq(emails.id, fixture.emailId));
  if (!found) fixture.emailId = await insertFixtureEmail(fixture.tag, fixture.customerId, fixture.jobId);
}
