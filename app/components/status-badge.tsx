import { Badge } from "@radix-ui/themes";

type Color = React.ComponentProps<typeof Badge>["color"];

// Spec §4 colours and labels; unknown statuses fall back to gray with the raw text.
const STATUS: Record<string, { label: string; color: Color }> = {
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
};

export function StatusBadge({ status }: { status: string }) {
  const known = STATUS[status];
  return <Badge color={known?.color ?? "gray"}>{known?.label ?? status}</Badge>;
}
