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
