// The choices list screens filter by (and small helpers pages show), without the schemas (which
// re-export them): a route imports them from here so its browser chunk carries no validation library.

export const EVENT_TYPES = ["install", "measure", "shop", "delivery", "appointment", "service"] as const;
export const ITEM_TYPES = ["material", "hardware", "tool", "consumable"] as const;
export const INVOICE_STATUSES = ["draft", "sent", "partial", "paid", "overdue", "cancelled"] as const;
export const JOB_STATUSES = ["quoted", "approved", "in-progress", "completed", "cancelled"] as const;
/** Spec: active jobs = quoted, approved or in progress (the Home's Active Jobs, the Jobs list's "Active"). */
export const ACTIVE_JOB_STATUSES = ["quoted", "approved", "in-progress"] as const;
export const PHOTO_ENTITIES = ["job", "customer", "task", "schedule"] as const;
export const QUOTE_STATUSES = ["draft", "sent", "approved", "rejected", "expired"] as const;
export const TASK_TYPES = ["installation", "followup", "internal", "project", "issue", "materials"] as const;
export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const TASK_STATUSES = ["open", "in-progress", "blocked", "done", "cancelled"] as const;
/** A task still to be done (the partial index `tasks_open_by_assignee_due_idx` is over these). */
export const OPEN_TASK_STATUSES = ["open", "in-progress", "blocked"] as const;
/**
 * The Tasks list's "when" filter, in the business time zone: overdue (due before today, still to
 * be done), due today or this week (not cancelled), done today or this week (by completion time).
 */
export const TASK_WHEN = ["overdue", "today", "week", "done-today", "done-week"] as const;
export type TaskWhen = (typeof TASK_WHEN)[number];
export const TASK_WHEN_OPTIONS: readonly { value: TaskWhen; label: string }[] = [
  { value: "overdue", label: "Overdue" },
  { value: "today", label: "Due today" },
  { value: "week", label: "Due this week" },
  { value: "done-today", label: "Done today" },
  { value: "done-week", label: "Done this week" },
];

export const PO_STATUSES = ["draft", "ordered", "partial", "received", "cancelled"] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
export const PO_STATUS_LABELS: Record<PoStatus, string> = {
  draft: "Draft",
  ordered: "Ordered",
  partial: "Partially received",
  received: "Received",
  cancelled: "Cancelled",
};

export const PAYMENT_METHODS = ["cash", "check", "credit_card", "bank_transfer", "other"] as const;
export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  cash: "Cash",
  check: "Check",
  credit_card: "Credit Card",
  bank_transfer: "Bank Transfer",
  other: "Other",
};

/** Days from the issue date to the due date for a payment term ("Net 15" → 15, "Due on Receipt" → 0). */
export function paymentTermDays(term: string): number {
  const net = /^Net (\d+)$/.exec(term);
  return net ? Number(net[1]) : 0;
}
