import { Card, Text } from "~/components/ui";

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
      <Text as="div" size="6" weight="bold" data-testid={testId} color={color} className="stat-value">
        {value}
      </Text>
    </Card>
  );
}
