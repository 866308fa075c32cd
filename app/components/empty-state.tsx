import { Flex, Text } from "~/components/ui";
import type { ReactNode } from "react";

export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <Flex direction="column" align="center" gap="2" py="8" data-testid="empty-state">
      <Text weight="medium">{title}</Text>
      {hint ? (
        <Text size="2" color="gray">
          {hint}
        </Text>
      ) : null}
      {action}
    </Flex>
  );
}
