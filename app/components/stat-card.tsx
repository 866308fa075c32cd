import type { CSSProperties } from "react";
import { Card, Text, type TextProps } from "~/components/ui";

export function StatCard({
  title,
  value,
  testId,
  color,
}: {
  title: string;
  value: string;
  testId?: string;
  color?: "red";
}) {
  return (
    <Card className="stat-card">
      <Text as="div" size="2" color="gray">
        {title}
      </Text>
      <StatValue value={value} data-testid={testId} color={color} />
    </Card>
  );
}

/**
 * A figure in a card (list stats, Home metrics and pipeline, report headlines) that never wraps
 * mid-value: its type shrinks with the card's width and the figure's length (app.css .stat-value)
 * down to body size. The card around it carries the class `stat-card` (the size container).
 */
export function StatValue({ value, ...props }: { value: string } & Omit<TextProps, "children" | "size">) {
  return (
    <Text as="div" weight="bold" {...props} className="stat-value" style={{ "--chars": value.length } as CSSProperties}>
      {value}
    </Text>
  );
}

/**
 * Labelled figures as tiles (a report's totals, a payment's total, paid and remaining): each value
 * a StatValue in its own size container, so a long amount shrinks rather than breaking
 * ("$141,024,55 / 2.44"); the tiles wrap onto more rows when they do not fit side by side
 * (app.css .figures). `compact` in a dialog: smaller tiles and type.
 */
export function Figures({
  items,
  label,
  compact,
}: {
  items: Array<[label: string, value: string, testId?: string]>;
  label: string;
  compact?: boolean;
}) {
  return (
    <dl className="figures" data-compact={compact ? "" : undefined} aria-label={label}>
      {items.map(([k, v, testId]) => (
        <div key={k} className="stat-card">
          <dt>{k}</dt>
          <dd data-testid={testId}>
            <StatValue value={v} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
