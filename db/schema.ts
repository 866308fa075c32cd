// One schema for PostgreSQL and the embedded PGlite database (spec §3; docs/decisions/embedded-database.md,
// docs/decisions/exact-money.md).
// Money: numeric(10,2); tax rate numeric(7,6); inventory costs, quantities, multiplier: 4 decimals.
// ON DELETE rules are deliberate: money records (quotes, invoices, payments) are never removed by a
// cascade from a customer or job; links that are mere context (a task's customer, a photo's event)
// are cleared instead.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();
const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
/**
 * A tax rate (0.0875 = 8.75%, 0.08875 = 8.875%): numeric(7,6), read back with trailing zeros
 * beyond 4 decimals dropped ("0.087500" → "0.0875"), as app/utils/money.ts prints rates.
 */
const taxRate = customType<{ data: string; driverData: string }>({
  dataType: () => "numeric(7, 6)",
  fromDriver: (value) => String(value).replace(/(\.\d{4}\d*?)0+$/, "$1"),
});
const qty4 = (name: string) => numeric(name, { precision: 12, scale: 4 });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const day = (name: string) => date(name, { mode: "string" });

// ---------------------------------------------------------------- people and access

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** The display name everywhere; kept as "first last" by the user model (docs/decisions/user-names.md). */
    name: text("name").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email"),
    phone: text("phone"),
    role: text("role", { enum: ["owner", "office", "installer"] }).notNull(),
    active: boolean("active").notNull().default(true),
    /**
     * Bumped when the password is changed or reset, or the account deactivated: a session that
     * carries an older version is refused, so other devices are signed out.
     */
    sessionVersion: integer("session_version").notNull().default(0),
    lastSignInAt: instant("last_sign_in_at"),
    /** When the password was last set: Security → forced password change counts from here. */
    passwordChangedAt: instant("password_changed_at").notNull().defaultNow(),
    /** The TOTP secret (RFC 6238), encrypted like the e-mail password (secret-box); null = not enrolled. */
    totpSecret: text("totp_secret"),
    /** A secret shown for enrolment and not yet confirmed with a code (encrypted too). */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    totpEnabledAt: instant("totp_enabled_at"),
    /** Settings → Profile: e-mail me office notifications (docs/decisions/notifications.md). */
    notifyEmail: boolean("notify_email").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    check("users_role_check", sql`${t.role} in ('owner', 'office', 'installer')`),
  ],
);

/**
 * One row per signed-in session; the cookie carries the id, this table its SHA-256. Signing out
 * deletes the row, so a copied cookie stops working (docs/decisions/sessions-and-sign-in.md).
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("user_sessions_user_id_idx").on(t.userId)],
);

/**
 * Sign-in attempts per key, so guessing is throttled across web processes: `user:<name>`,
 * `addr:<address>` and `pair:<address> <name>` (docs/decisions/sessions-and-sign-in.md).
 */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  firstFailureAt: instant("first_failure_at").notNull().defaultNow(),
  lockedUntil: instant("locked_until"),
});

/** One-time recovery codes of two-factor sign-in: SHA-256 of the code, used once (docs/decisions/security.md). */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("user_recovery_codes_user_id_idx").on(t.userId)],
);

/**
 * Browsers a user has signed in from (login alerts): the SHA-256 of the signed device cookie's id.
 * A sign-in from a browser not listed here e-mails the user.
 */
export const userDevices = pgTable(
  "user_devices",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: instant("first_seen_at").notNull().defaultNow(),
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** Key/value settings (business details, system, security); values are JSON. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/** Generated document numbers (Q-2026-0001): one counter per prefix and year. */
export const numberSequences = pgTable("number_sequences", {
  key: text("key").primaryKey(),
  lastValue: integer("last_value").notNull().default(0),
});

// ---------------------------------------------------------------- customers

export const customers = pgTable(
  "customers",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    notes: text("notes"),
    /** Appointment reminders the customer opted in to: none, email, sms or both (docs/decisions/notifications.md). */
    appointmentReminders: text("appointment_reminders").notNull().default("none"),
    ...timestamps(),
  },
  (t) => [
    check("customers_appointment_reminders_check", sql`${t.appointmentReminders} in ('none', 'email', 'sms', 'both')`),
    index("customers_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Substring search (ILIKE '%term%') on the four searchable columns uses trigram indexes.
    index("customers_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("customers_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("customers_phone_trgm_idx").using("gin", t.phone.op("gin_trgm_ops")),
    index("customers_city_trgm_idx").using("gin", t.city.op("gin_trgm_ops")),
    index("customers_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

/** Portal access: only a hash of the token is stored; revoking sets revokedAt. */
export const customerPortalTokens = pgTable(
  "customer_portal_tokens",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    revokedAt: instant("revoked_at"),
    /** Now + Settings → Security's portal link validity; pushed out when a quote is sent to the customer. */
    expiresAt: instant("expires_at")
      .notNull()
      .default(sql`now() + interval '90 days'`),
    lastUsedAt: instant("last_used_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("customer_portal_tokens_hash_key").on(t.tokenHash),
    index("customer_portal_tokens_customer_idx").on(t.customerId),
  ],
);

// ---------------------------------------------------------------- jobs

export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status").notNull().default("quoted"),
    estimatedCost: money("estimated_cost"),
    actualCost: money("actual_cost"),
    startDate: day("start_date"),
    completionDate: day("completion_date"),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [
    index("jobs_customer_idx").on(t.customerId),
    index("jobs_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("jobs_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("jobs_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    // Reports: jobs created in a range per status, average estimated cost (index-only).
    index("jobs_created_report_idx").on(t.createdAt, t.status, t.estimatedCost),
    // Home: approved jobs waiting longest (Jobs to Coordinate, Needs Attention); the installer's current jobs.
    index("jobs_status_updated_idx").on(t.status, t.updatedAt, t.id),
    index("jobs_status_start_idx").on(t.status, t.startDate, t.id),
  ],
);

export const jobPhases = pgTable(
  "job_phases",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    plannedStart: day("planned_start"),
    plannedEnd: day("planned_end"),
    actualStart: day("actual_start"),
    actualEnd: day("actual_end"),
    status: text("status").notNull().default("planned"),
    sortOrder: integer("sort_order").notNull().default(0),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [index("job_phases_job_idx").on(t.jobId, t.sortOrder)],
);

// ---------------------------------------------------------------- quotes and invoices

export const quotes = pgTable(
  "quotes",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    // Beyond the spec's schema (docs/decisions/quotes-and-invoices.md): a quote may belong to a job.
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    quoteNumber: text("quote_number").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status").notNull().default("draft"),
    subtotal: money("subtotal").notNull().default("0.00"),
    taxRate: taxRate("tax_rate").notNull().default("0.0875"),
    taxAmount: money("tax_amount").notNull().default("0.00"),
    total: money("total").notNull().default("0.00"),
    validUntil: day("valid_until"),
    notes: text("notes"),
    terms: text("terms"),
    /** The customer's message from the portal's Request Changes. */
    changeRequest: text("change_request"),
    sentAt: instant("sent_at"),
    respondedAt: instant("responded_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("quotes_number_key").on(t.quoteNumber),
    index("quotes_customer_idx").on(t.customerId, t.createdAt.desc().nullsFirst()),
    index("quotes_job_idx").on(t.jobId),
    index("quotes_status_idx").on(t.status, t.validUntil),
    index("quotes_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("quotes_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("quotes_number_trgm_idx").using("gin", t.quoteNumber.op("gin_trgm_ops")),
    // Home: quote win rate by sent date, Follow Up Quote (sent quotes waiting longest), High-Value Quotes.
    index("quotes_sent_at_idx").on(t.sentAt),
    index("quotes_status_total_idx").on(t.status, t.total.desc().nullsFirst()),
    // Reports: quotes created / sent in a range (index-only).
    index("quotes_created_report_idx").on(t.createdAt, t.status, t.total, t.customerId),
    // Home: sent quotes waiting longest (Follow Up, Pending Quotes); quotes sent in a period (index-only).
    index("quotes_status_sent_idx").on(t.status, t.sentAt, t.id),
    index("quotes_sent_status_idx").on(t.sentAt, t.status),
    index("quotes_sent_or_created_idx").on(sql`(coalesce(${t.sentAt}, ${t.createdAt}))`, t.status, t.total),
  ],
);

const itemColumns = () => ({
  description: text("description").notNull(),
  quantity: money("quantity").notNull().default("1.00"),
  unitPrice: money("unit_price").notNull().default("0.00"),
  lineTotal: money("line_total").notNull().default("0.00"),
  notes: text("notes"),
  sortOrder: integer("sort_order").notNull().default(0),
  // A line added from inventory (docs/decisions/lines-from-inventory.md): the item, and its cost
  // per unit when the line was added, so a quote's margin is known before anything is issued.
  inventoryItemId: integer("inventory_item_id").references(() => inventoryItems.id, { onDelete: "set null" }),
  unitCost: qty4("unit_cost"),
});

export const quoteItems = pgTable(
  "quote_items",
  {
    id: id(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    ...itemColumns(),
    ...timestamps(),
  },
  (t) => [index("quote_items_quote_idx").on(t.quoteId, t.sortOrder)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "restrict" }),
    invoiceNumber: text("invoice_number").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status").notNull().default("draft"),
    issueDate: day("issue_date")
      .notNull()
      .default(sql`current_date`),
    dueDate: day("due_date").notNull(),
    subtotal: money("subtotal").notNull().default("0.00"),
    taxRate: taxRate("tax_rate").notNull().default("0.0875"),
    taxAmount: money("tax_amount").notNull().default("0.00"),
    total: money("total").notNull().default("0.00"),
    paidTotal: money("paid_total").notNull().default("0.00"),
    balance: money("balance").notNull().default("0.00"),
    notes: text("notes"),
    terms: text("terms"),
    /** The Add Invoice dialog's Payment Terms (spec §9: Due on Receipt, Net 15/30/45/60). */
    paymentTerms: text("payment_terms"),
    paymentLinkUrl: text("payment_link_url"),
    paymentLinkProvider: text("payment_link_provider"),
    sentAt: instant("sent_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.invoiceNumber),
    index("invoices_customer_idx").on(t.customerId, t.createdAt.desc().nullsFirst()),
    index("invoices_quote_idx").on(t.quoteId),
    index("invoices_job_idx").on(t.jobId),
    index("invoices_status_due_idx").on(t.status, t.dueDate),
    index("invoices_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("invoices_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("invoices_number_trgm_idx").using("gin", t.invoiceNumber.op("gin_trgm_ops")),
    // Home: overdue invoices (Needs Attention, the Overdue Invoices card) without reading paid ones.
    index("invoices_open_due_idx")
      .on(t.dueDate)
      .where(sql`${t.balance} > 0 and ${t.status} not in ('paid', 'cancelled', 'draft')`),
    // Reports: invoices issued in a range (index-only).
    index("invoices_issue_date_report_idx").on(
      t.issueDate,
      t.status,
      t.total,
      t.paidTotal,
      t.balance,
      t.subtotal,
      t.taxAmount,
      t.dueDate,
    ),
    check("invoices_balance_check", sql`${t.balance} >= 0`),
  ],
);

export const invoiceItems = pgTable(
  "invoice_items",
  {
    id: id(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    ...itemColumns(),
    ...timestamps(),
  },
  (t) => [index("invoice_items_invoice_idx").on(t.invoiceId, t.sortOrder)],
);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    amount: money("amount").notNull(),
    method: text("method").notNull().default("cash"),
    provider: text("provider"),
    providerTransactionId: text("provider_transaction_id"),
    currency: text("currency").notNull().default("USD"),
    status: text("status").notNull().default("completed"),
    paymentLink: text("payment_link"),
    rawPayload: jsonb("raw_payload"),
    receivedAt: instant("received_at").notNull().defaultNow(),
    reference: text("reference"),
    notes: text("notes"),
    recordedByUserId: integer("recorded_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    ...timestamps(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId, t.receivedAt.desc().nullsFirst()),
    index("payments_received_at_idx").on(t.receivedAt.desc().nullsFirst()),
    // Reports: money received in a range and the invoices it paid (index-only).
    index("payments_received_amount_idx").on(t.receivedAt, t.amount, t.invoiceId),
    // A provider's transaction becomes at most one payment (webhooks are delivered more than once).
    uniqueIndex("payments_provider_txn_key")
      .on(t.provider, t.providerTransactionId)
      .where(sql`${t.providerTransactionId} is not null`),
    check("payments_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * Payment links we created (docs/decisions/payments-and-webhooks.md). `reference` is random and ours
 * alone: it travels in the provider's metadata (Stripe client_reference_id and metadata, PayPal
 * custom_id, the Square payment note, the Authorize.Net invoice number) and is the only way a
 * webhook names an invoice. `provider_ref` is the provider's own id for the link when it has one
 * (Stripe session, PayPal order, Square order), a second way to find it.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: id(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    reference: text("reference").notNull(),
    providerRef: text("provider_ref"),
    url: text("url").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("payment_links_reference_key").on(t.reference),
    index("payment_links_provider_ref_idx").on(t.provider, t.providerRef),
    index("payment_links_invoice_idx").on(t.invoiceId),
  ],
);

/**
 * Money given back (docs/decisions/refunds.md): a row per refund, linked to the payment it returns,
 * so a payment's refunds never exceed it; the invoice's paid total is payments minus refunds.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: id(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    amount: money("amount").notNull(),
    refundedAt: instant("refunded_at").notNull().defaultNow(),
    reason: text("reason"),
    provider: text("provider"),
    providerRefundId: text("provider_refund_id"),
    rawPayload: jsonb("raw_payload"),
    recordedByUserId: integer("recorded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("payment_refunds_payment_idx").on(t.paymentId),
    index("payment_refunds_invoice_idx").on(t.invoiceId, t.refundedAt.desc().nullsFirst()),
    // Home: revenue received in a period is payments minus refunds by date.
    index("payment_refunds_refunded_at_idx").on(t.refundedAt),
    index("payment_refunds_refunded_amount_idx").on(t.refundedAt, t.amount),
    // A provider's refund is recorded once (its webhooks are delivered more than once).
    uniqueIndex("payment_refunds_provider_refund_key")
      .on(t.provider, t.providerRefundId)
      .where(sql`${t.providerRefundId} is not null`),
    check("payment_refunds_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * Authorize.Net Accept Hosted pages (app/models/authorizenet-hosted.server.ts). The hosted form
 * takes its token only by POST and the token lives 15 minutes, so the payment link is our page
 * `/pay/authorizenet/{reference}`, which posts the current token (renewed when old) to the form.
 * The reference is random, so invoices cannot be enumerated; the token never appears in a URL.
 */
export const authorizenetPaymentPages = pgTable(
  "authorizenet_payment_pages",
  {
    id: id(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    /**
     * Our payment reference sent as the transaction's invoice number (payment_links.reference, ≤ 20
     * characters as Authorize.Net allows); null on pages made before references existed.
     */
    orderReference: text("order_reference"),
    token: text("token").notNull(),
    /** The amount the token charges: a token for an older balance is never reused. */
    tokenAmount: money("token_amount").notNull(),
    tokenIssuedAt: instant("token_issued_at").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("authorizenet_payment_pages_reference_key").on(t.reference),
    index("authorizenet_payment_pages_invoice_idx").on(t.invoiceId),
  ],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type"),
    processed: boolean("processed").notNull().default(false),
    processingError: text("processing_error"),
    rawPayload: jsonb("raw_payload"),
    processedAt: instant("processed_at"),
    /**
     * Set when processing refused the event for good (another currency, an unknown reference, more
     * than the balance): kept for review, never re-enqueued by a redelivery or the sweep.
     */
    rejectedAt: instant("rejected_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("webhook_events_event_id_key").on(t.eventId),
    index("webhook_events_unprocessed_idx").on(t.processed, t.createdAt),
  ],
);

// ---------------------------------------------------------------- schedule, resources, tasks

export const resources = pgTable(
  "resources",
  {
    id: id(),
    name: text("name").notNull(),
    type: text("type").notNull().default("installer"),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text("notes"),
    active: boolean("active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("resources_active_name_idx").on(t.active, t.name)],
);

export const scheduleEvents = pgTable(
  "schedule_events",
  {
    id: id(),
    title: text("title").notNull(),
    type: text("type").notNull().default("install"),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    startAt: instant("start_at").notNull(),
    endAt: instant("end_at").notNull(),
    allDay: boolean("all_day").notNull().default(false),
    location: text("location"),
    notes: text("notes"),
    status: text("status").notNull().default("scheduled"),
    ...timestamps(),
  },
  (t) => [
    index("schedule_events_range_idx").on(t.startAt, t.endAt),
    // What overlaps a week (the Schedule) or a booking (conflicts): `start_at < to and end_at > from`
    // is not selective on either column of a b-tree once there is history (docs/decisions/schedule-times.md).
    index("schedule_events_period_idx").using("gist", sql`tstzrange(${t.startAt}, ${t.endAt})`),
    index("schedule_events_job_idx").on(t.jobId),
    index("schedule_events_customer_idx").on(t.customerId),
    check("schedule_events_range_check", sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** The spec's resourceIds list, kept relational so conflicts are one indexed join. */
export const scheduleEventResources = pgTable(
  "schedule_event_resources",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => scheduleEvents.id, { onDelete: "cascade" }),
    resourceId: integer("resource_id")
      .notNull()
      .references(() => resources.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.resourceId] }),
    index("schedule_event_resources_resource_idx").on(t.resourceId),
  ],
);

export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    type: text("type").notNull().default("internal"),
    priority: text("priority").notNull().default("medium"),
    status: text("status").notNull().default("open"),
    dueDate: day("due_date"),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    scheduleEventId: integer("schedule_event_id").references(() => scheduleEvents.id, {
      onDelete: "set null",
    }),
    assignedToUserId: integer("assigned_to_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    assignedToResourceId: integer("assigned_to_resource_id").references(() => resources.id, {
      onDelete: "set null",
    }),
    estimatedHours: integer("estimated_hours"),
    actualHours: integer("actual_hours"),
    notes: text("notes"),
    completedAt: instant("completed_at"),
    ...timestamps(),
  },
  (t) => [
    index("tasks_status_due_idx").on(t.status, t.dueDate),
    // (user, status) for a person's open tasks; completed_at for the installer's "completed today".
    index("tasks_assigned_user_idx").on(t.assignedToUserId, t.status, t.completedAt),
    // A person's open tasks by due date (the installer's My Tasks): read in order, 20 rows and stop.
    index("tasks_open_by_assignee_due_idx")
      .on(t.assignedToUserId, t.dueDate)
      .where(sql`${t.status} in ('open', 'in-progress', 'blocked')`),
    index("tasks_assigned_resource_idx").on(t.assignedToResourceId),
    index("tasks_job_idx").on(t.jobId),
    index("tasks_customer_idx").on(t.customerId),
    index("tasks_event_idx").on(t.scheduleEventId),
    index("tasks_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("tasks_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
  ],
);

export const photos = pgTable(
  "photos",
  {
    id: id(),
    filename: text("filename").notNull(),
    originalName: text("original_name").notNull(),
    title: text("title"),
    description: text("description"),
    fileSize: integer("file_size").notNull(),
    mimeType: text("mime_type").notNull(),
    objectPath: text("object_path").notNull(),
    /** Grid size (WebP, metadata stripped), written by the photos worker; null until then. */
    thumbnailPath: text("thumbnail_path"),
    /** Viewer size (WebP, metadata stripped), written with the thumbnail. */
    viewerPath: text("viewer_path"),
    /** pending → ready (derivatives made) or failed (the worker could not decode the image). */
    derivativeStatus: text("derivative_status").notNull().default("pending"),
    /** SHA-256 (hex) of the original bytes, kept with the original for staff. */
    sha256: text("sha256"),
    width: integer("width"),
    height: integer("height"),
    /** Shared with the customer in the portal (default off). */
    showInPortal: boolean("show_in_portal").notNull().default(false),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
    scheduleEventId: integer("schedule_event_id").references(() => scheduleEvents.id, {
      onDelete: "set null",
    }),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull().default(0),
    uploadedByUserId: integer("uploaded_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    ...timestamps(),
  },
  (t) => [
    index("photos_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("photos_customer_idx").on(t.customerId),
    index("photos_job_idx").on(t.jobId),
    index("photos_task_idx").on(t.taskId),
    index("photos_event_idx").on(t.scheduleEventId),
    index("photos_tags_idx").using("gin", t.tags),
    index("photos_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("photos_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
  ],
);

/**
 * An upload URL handed out by POST /api/objects/upload: single use (issued → receiving → stored →
 * registered, or failed), short-lived, tied to the user who asked. The bytes live in the object
 * store under `objectKey`; rows never registered are removed with their object after 24 hours.
 */
export const photoUploads = pgTable(
  "photo_uploads",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("issued"),
    objectKey: text("object_key").notNull(),
    mimeType: text("mime_type"),
    fileSize: integer("file_size"),
    sha256: text("sha256"),
    width: integer("width"),
    height: integer("height"),
    expiresAt: instant("expires_at").notNull(),
    storedAt: instant("stored_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("photo_uploads_created_at_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- inventory

export const inventoryCategories = pgTable(
  "inventory_categories",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    parentId: integer("parent_id").references((): AnyPgColumn => inventoryCategories.id, {
      onDelete: "set null",
    }),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("inventory_categories_name_key").on(sql`lower(${t.name})`)],
);

export const suppliers = pgTable(
  "suppliers",
  {
    id: id(),
    name: text("name").notNull(),
    contactName: text("contact_name"),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    leadTimeDays: integer("lead_time_days").notNull().default(7),
    paymentTerms: text("payment_terms").notNull().default("Net 30"),
    notes: text("notes"),
    active: boolean("active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("suppliers_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops"))],
);

export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: id(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    type: text("type").notNull().default("material"),
    categoryId: integer("category_id").references(() => inventoryCategories.id, {
      onDelete: "set null",
    }),
    unit: text("unit").notNull().default("each"),
    purchaseUnit: text("purchase_unit"),
    unitMultiplier: qty4("unit_multiplier").notNull().default("1.0000"),
    trackStock: boolean("track_stock").notNull().default(true),
    location: text("location"),
    reorderPoint: qty4("reorder_point").notNull().default("0"),
    reorderQty: qty4("reorder_qty"),
    safetyStock: qty4("safety_stock").notNull().default("0"),
    preferredSupplierId: integer("preferred_supplier_id").references(() => suppliers.id, {
      onDelete: "set null",
    }),
    lastCost: qty4("last_cost"),
    averageCost: qty4("average_cost").notNull().default("0"),
    sellPrice: qty4("sell_price"),
    /** Stock on hand, maintained by inventory transactions in the same database transaction. */
    currentStock: qty4("current_stock").notNull().default("0"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("inventory_items_sku_key").on(sql`lower(${t.sku})`),
    index("inventory_items_category_idx").on(t.categoryId),
    index("inventory_items_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("inventory_items_low_stock_idx")
      .on(t.currentStock, t.reorderPoint)
      .where(sql`${t.trackStock} and ${t.active}`),
  ],
);

/**
 * Sign convention: quantity and totalCost are signed deltas of stock on hand (receive/return
 * positive, issue negative, adjust either way), so an item's currentStock = Σ quantity.
 * averageCost is a moving weighted average (4 decimals, half-up) updated on receipts.
 */
export const inventoryTransactions = pgTable(
  "inventory_transactions",
  {
    id: id(),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "restrict" }),
    type: text("type").notNull(),
    quantity: qty4("quantity").notNull(),
    unitCost: qty4("unit_cost"),
    totalCost: numeric("total_cost", { precision: 14, scale: 4 }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    supplierId: integer("supplier_id").references(() => suppliers.id, { onDelete: "set null" }),
    reference: text("reference"),
    notes: text("notes"),
    /** The purchase-order line a receipt came from (beyond the spec). */
    purchaseOrderLineId: integer("purchase_order_line_id").references((): AnyPgColumn => purchaseOrderLines.id, {
      onDelete: "restrict",
    }),
    createdByUserId: integer("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    ...timestamps(),
  },
  (t) => [
    index("inventory_transactions_type_created_idx").on(t.type, t.createdAt.desc().nullsFirst()),
    index("inventory_transactions_item_idx").on(t.itemId, t.createdAt.desc().nullsFirst()),
    index("inventory_transactions_job_idx").on(t.jobId),
    index("inventory_transactions_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Reports: received / issued value and the number of moves in a range (index-only).
    index("inventory_transactions_created_report_idx").on(t.createdAt, t.type, t.totalCost),
    index("inventory_transactions_po_line_idx")
      .on(t.purchaseOrderLineId)
      .where(sql`${t.purchaseOrderLineId} is not null`),
    check("inventory_transactions_type_check", sql`${t.type} in ('receive', 'issue', 'adjust', 'transfer', 'return')`),
  ],
);

export const jobMaterialUsages = pgTable(
  "job_material_usages",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "restrict" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "restrict" }),
    quantity: qty4("quantity").notNull(),
    unitCostSnapshot: qty4("unit_cost_snapshot").notNull(),
    totalCostSnapshot: numeric("total_cost_snapshot", { precision: 14, scale: 4 }).notNull(),
    transactionId: integer("transaction_id").references(() => inventoryTransactions.id, {
      onDelete: "set null",
    }),
    /**
     * A return to stock is a usage row with a negative quantity and cost pointing at the issue it
     * reverses (beyond the spec): the job's material cost stays Σ totalCostSnapshot.
     */
    returnOfUsageId: integer("return_of_usage_id").references((): AnyPgColumn => jobMaterialUsages.id, {
      onDelete: "restrict",
    }),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [
    index("job_material_usages_job_idx").on(t.jobId),
    index("job_material_usages_item_idx").on(t.itemId),
    index("job_material_usages_return_of_idx").on(t.returnOfUsageId),
  ],
);

// ---------------------------------------------------------------- purchasing (beyond the spec)

export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    id: id(),
    poNumber: text("po_number").notNull(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    /** draft → ordered → partial → received, or cancelled. */
    status: text("status").notNull().default("draft"),
    orderedAt: instant("ordered_at"),
    expectedDate: day("expected_date"),
    notes: text("notes"),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("purchase_orders_po_number_key").on(t.poNumber),
    index("purchase_orders_supplier_idx").on(t.supplierId),
    index("purchase_orders_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("purchase_orders_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("purchase_orders_status_check", sql`${t.status} in ('draft', 'ordered', 'partial', 'received', 'cancelled')`),
  ],
);

/** Quantities in the purchase unit; stock units = quantity × multiplier (the item's, kept at ordering). */
export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    id: id(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "restrict" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    quantity: qty4("quantity").notNull(),
    unitMultiplier: qty4("unit_multiplier").notNull().default("1.0000"),
    /** Cost of one purchase unit. */
    unitCost: qty4("unit_cost").notNull(),
    /** Received so far, in purchase units. */
    receivedQuantity: qty4("received_quantity").notNull().default("0"),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [
    index("purchase_order_lines_po_idx").on(t.purchaseOrderId),
    index("purchase_order_lines_item_idx").on(t.itemId),
  ],
);

// ---------------------------------------------------------------- e-mail

export const emailConfig = pgTable("email_config", {
  id: id(),
  provider: text("provider").notNull(),
  senderEmail: text("sender_email").notNull(),
  senderName: text("sender_name").notNull(),
  isActive: boolean("is_active").notNull().default(false),
  /** AES-GCM ciphertext of the app password; never returned by any route. */
  appPasswordEncrypted: text("app_password_encrypted"),
  ...timestamps(),
});

export const emails = pgTable(
  "emails",
  {
    id: id(),
    provider: text("provider").notNull(),
    messageId: text("message_id").notNull(),
    threadId: text("thread_id"),
    subject: text("subject"),
    fromEmail: text("from_email"),
    fromName: text("from_name"),
    toEmail: text("to_email"),
    ccEmails: text("cc_emails")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bodyText: text("body_text"),
    bodyHtml: text("body_html"),
    snippet: text("snippet"),
    receivedAt: instant("received_at"),
    isRead: boolean("is_read").notNull().default(false),
    hasAttachments: boolean("has_attachments").notNull().default(false),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    /** IMAP UIDs are unsigned 32-bit (up to 2^32−1): bigint, read as a JS number. */
    imapUid: bigint("imap_uid", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("emails_message_id_key").on(t.messageId),
    index("emails_received_at_idx").on(t.receivedAt.desc().nullsFirst()),
    index("emails_customer_idx").on(t.customerId),
    index("emails_job_idx").on(t.jobId),
    index("emails_unread_idx").on(t.isRead),
  ],
);

/** IMAP sync position per mailbox (UIDVALIDITY + last UID seen). */
export const emailSyncState = pgTable("email_sync_state", {
  mailbox: text("mailbox").primaryKey(),
  uidValidity: text("uid_validity").notNull(),
  lastUid: bigint("last_uid", { mode: "number" }).notNull().default(0),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

// ---------------------------------------------------------------- activity

/** Written by the actions; feeds the dashboards' activity feed and the customer/job history. */
export const activityLog = pgTable(
  "activity_log",
  {
    id: id(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    amount: money("amount"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("activity_log_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("activity_log_customer_idx").on(t.customerId, t.createdAt.desc().nullsFirst()),
    index("activity_log_job_idx").on(t.jobId, t.createdAt.desc().nullsFirst()),
    index("activity_log_quote_idx").on(t.quoteId),
    index("activity_log_invoice_idx").on(t.invoiceId),
    // The activity page's type and user filters.
    index("activity_log_type_idx").on(t.type, t.createdAt.desc().nullsFirst()),
    index("activity_log_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------- notifications

/**
 * One row per notification sent (docs/decisions/notifications.md): the key names what was sent to
 * whom (`reminder:email:event:42:2026-11-25`, `digest:2026-11-24:user:3`), so a retried job or a
 * second run of the daily job finds the row and sends nothing twice.
 */
export const notificationsSent = pgTable(
  "notifications_sent",
  {
    key: text("key").primaryKey(),
    channel: text("channel").notNull(),
    eventId: integer("event_id").references(() => scheduleEvents.id, { onDelete: "cascade" }),
    sentAt: instant("sent_at").notNull().defaultNow(),
  },
  (t) => [
    index("notifications_sent_event_idx").on(t.eventId),
    check("notifications_sent_channel_check", sql`${t.channel} in ('email', 'sms')`),
  ],
);

// ---------------------------------------------------------------- backups

/**
 * One database backup (docs/decisions/backups.md): queued → running → done or failed. The dump
 * and its manifest live in the object store (disk or S3, as photos) under `dumpKey` and
 * `manifestKey`; Settings → System lists the rows, the worker keeps the last N done ones.
 */
export const backups = pgTable(
  "backups",
  {
    id: id(),
    /** `schedule` (the daily job) or `manual` (Back up now). */
    trigger: text("trigger").notNull(),
    status: text("status").notNull().default("queued"),
    /** `pg_dump` (custom format, PostgreSQL) or `pglite` (a gzipped tar of the embedded data directory). */
    format: text("format"),
    dumpKey: text("dump_key"),
    manifestKey: text("manifest_key"),
    /** Bytes of the dump. */
    size: bigint("size", { mode: "number" }),
    sha256: text("sha256"),
    /** Why it failed, in words the owner can act on (never a secret). */
    error: text("error"),
    requestedByUserId: integer("requested_by_user_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: instant("started_at"),
    finishedAt: instant("finished_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("backups_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

// ---------------------------------------------------------------- report summaries
// Kept by triggers in the writes' own transaction (migration 0021_report_summaries; triggers are not
// expressible here): invoices, payments, payment_refunds and inventory_transactions each update them.
// docs/decisions/reports.md, "Measured".

/** Per invoice: what AR aging needs without summing payments per request. */
export const reportInvoiceAr = pgTable(
  "report_invoice_ar",
  {
    invoiceId: integer("invoice_id").primaryKey(),
    customerId: integer("customer_id").notNull(),
    /** Not a draft, not cancelled. */
    issued: boolean("issued").notNull(),
    issueDate: day("issue_date").notNull(),
    dueDate: day("due_date").notNull(),
    total: numeric("total").notNull(),
    /** Σ amount of every payment recorded against the invoice (any status). */
    paid: numeric("paid").notNull().default("0"),
    /** Σ amount of every refund recorded against it. */
    refunded: numeric("refunded").notNull().default("0"),
    /** The latest received_at / refunded_at seen (never lowered by a delete). */
    lastMoveAt: instant("last_move_at"),
  },
  (t) => [
    index("report_invoice_ar_open_idx")
      .on(t.issueDate)
      .where(sql`${t.issued} and ${t.total} - ${t.paid} + ${t.refunded} <> 0`),
    index("report_invoice_ar_moved_idx")
      .on(t.lastMoveAt)
      .where(sql`${t.issued}`),
  ],
);

/** Per job: Σ subtotal of its issued invoices and Σ total_cost of its ledger issues and returns. */
export const reportJobTotals = pgTable("report_job_totals", {
  jobId: integer("job_id").primaryKey(),
  revenue: numeric("revenue").notNull().default("0"),
  /** Issued invoices counted in revenue. */
  invoices: integer("invoices").notNull().default(0),
  /** Signed as the ledger: issues negative, returns positive. */
  materialCost: numeric("material_cost").notNull().default("0"),
  /** Issues and returns with a cost counted in materialCost. */
  moves: integer("moves").notNull().default(0),
});
