// The choices list screens filter by, without the schemas (which re-export them): a list route
// imports them from here so its browser chunk carries no validation library.

export const EVENT_TYPES = ["install", "measure", "shop", "delivery", "appointment", "service"] as const;
export const ITEM_TYPES = ["material", "hardware", "tool", "consumable"] as const;
export const INVOICE_STATUSES = ["draft", "sent", "partial", "paid", "overdue", "cancelled"] as const;
export const JOB_STATUSES = ["quoted", "approved", "in-progress", "completed", "cancelled"] as const;
export const PHOTO_ENTITIES = ["job", "customer", "task", "schedule"] as const;
export const QUOTE_STATUSES = ["draft", "sent", "approved", "rejected", "expired"] as const;
export const TASK_TYPES = ["installation", "followup", "internal", "project", "issue", "materials"] as const;
export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const TASK_STATUSES = ["open", "in-progress", "blocked", "done", "cancelled"] as const;

export const PO_STATUSES = ["draft", "ordered", "partial", "received", "cancelled"] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
export const PO_STATUS_LABELS: Record<PoStatus, string> = {
  draft: "Draft",
  ordered: "Ordered",
  partial: "Partially received",
  received: "Received",
  cancelled: "Cancelled",
};
