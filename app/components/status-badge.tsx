/** The colours a PlainBadge comes in (each a class in app.css: `b.blue`). */
export type BadgeColor = "yellow" | "blue" | "green" | "gray" | "red" | "orange" | "amber" | "purple";

// Spec §4 colours and labels; unknown statuses fall back to gray with the raw text.
const STATUS: Record<string, { label: string; color: BadgeColor }> = {
  quoted: { label: "Quoted", color: "yellow" },
  approved: { label: "Approved", color: "blue" },
  "in-progress": { label: "In Progress", color: "green" },
  completed: { label: "Completed", color: "gray" },
  cancelled: { label: "Cancelled", color: "red" },
  draft: { label: "Draft", color: "gray" },
  sent: { label: "Sent", color: "blue" },
  rejected: { label: "Rejected", color: "red" },
  expired: { label: "Expired", color: "orange" },
  partial: { label: "Partial Payment", color: "amber" },
  paid: { label: "Paid", color: "green" },
  overdue: { label: "Overdue", color: "red" },
  // Tasks (spec §4): one vocabulary, open / in-progress / blocked / done / cancelled.
  open: { label: "Open", color: "blue" },
  blocked: { label: "Blocked", color: "orange" },
  done: { label: "Done", color: "green" },
  // Schedule events: scheduled, in-progress, done (labelled Completed), cancelled.
  scheduled: { label: "Scheduled", color: "blue" },
  // Job phases: planned, in-progress, done.
  planned: { label: "Planned", color: "gray" },
};

const PRIORITY: Record<string, { label: string; color: BadgeColor }> = {
  low: { label: "Low", color: "gray" },
  medium: { label: "Medium", color: "yellow" },
  high: { label: "High", color: "orange" },
  urgent: { label: "Urgent", color: "red" },
};

/** A priority as an outline badge (Radix's outline size-1 Badge as plain markup, light enough for 50 rows). */
export function PriorityBadge({ priority }: { priority: string }) {
  const known = PRIORITY[priority];
  return (
    <PlainBadge color={known?.color ?? "gray"} outline>
      {known?.label ?? priority}
    </PlainBadge>
  );
}

/** Event statuses label done as 'Completed' (spec §4). */
export function EventStatusBadge({ status }: { status: string }) {
  if (status === "done") return <PlainBadge color="gray">Completed</PlainBadge>;
  return <StatusBadge status={status} />;
}

/** A status as a soft badge: a `<b>` and its colour (app.css), light enough for 50 rows. */
export function StatusBadge({ status }: { status: string }) {
  const known = STATUS[status];
  return <PlainBadge color={known?.color ?? "gray"}>{known?.label ?? status}</PlainBadge>;
}

/**
 * Radix's soft size-1 Badge as plain markup: `<b class="blue">` — the colour a class, not
 * `data-accent-color` (20 bytes less in each of 50 rows; app.css maps it onto the accent scale).
 * A `<b>` with a class is a badge (app.css); the app draws no other `<b>`, and a received e-mail's
 * `<b>` has no class (app/utils/email-html.server.ts). It has no role: read as its text, as the
 * `<span>` it replaced (11 bytes less a badge, two to a task's row).
 * `outline`: Radix's outline variant instead (`<b class="outline blue">`).
 */
export function PlainBadge({
  color,
  outline,
  children,
  ...rest
}: { color: BadgeColor; outline?: boolean; children: React.ReactNode } & Omit<
  React.HTMLAttributes<HTMLElement>,
  "color"
>) {
  return (
    <b className={outline ? `outline ${color}` : color} {...rest}>
      {children}
    </b>
  );
}
