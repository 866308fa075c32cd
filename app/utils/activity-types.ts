// The activity log's entry types with their labels (the /activity page's type filter). Safe in the
// browser. The models write these types (logActivity); a type not listed here still shows in the feed.
export const ACTIVITY_TYPE_LABELS = {
  customer_created: "Customer added",
  customers_imported: "Customers imported",
  jobs_imported: "Jobs imported",
  quotes_imported: "Quotes imported",
  invoices_imported: "Invoices imported",
  inventory_items_imported: "Inventory items imported",
  portal_link_created: "Portal link created",
  job_created: "Job created",
  job_progress: "Job progress",
  quote_created: "Quote created",
  quote_updated: "Quote updated",
  quote_sent: "Quote sent",
  quote_emailed: "Quote e-mailed",
  quote_approved: "Quote approved",
  quote_rejected: "Changes requested",
  invoice_created: "Invoice created",
  invoice_updated: "Invoice updated",
  invoice_sent: "Invoice sent",
  invoice_emailed: "Invoice e-mailed",
  payment_received: "Payment received",
  payment_refunded: "Payment refunded",
  task_completed: "Task completed",
  issue_reported: "Issue reported",
  materials_requested: "Materials requested",
  photo_uploaded: "Photo uploaded",
  email_replied: "E-mail replied",
  purchase_order_created: "Purchase order created",
  purchase_order_updated: "Purchase order updated",
  purchase_order_placed: "Purchase order placed",
  purchase_order_emailed: "Purchase order e-mailed",
  purchase_order_received: "Purchase order received",
  purchase_order_cancelled: "Purchase order cancelled",
} as const;

export type ActivityType = keyof typeof ACTIVITY_TYPE_LABELS;
export const ACTIVITY_TYPES = Object.keys(ACTIVITY_TYPE_LABELS) as ActivityType[];

export function activityTypeLabel(type: string) {
  return (ACTIVITY_TYPE_LABELS as Record<string, string>)[type] ?? type.replace(/_/g, " ");
}

/** The entry's title already says its type ("Task completed"): the type is not said again beside it. */
export function titleSaysType(entry: { type: string; title: string }) {
  return activityTypeLabel(entry.type).toLowerCase() === entry.title.toLowerCase();
}
