import { Box, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: string; actions?: ReactNode }) {
  return (
    <Flex
      justify="between"
      align={{ initial: "start", sm: "center" }}
      gap="3"
      mb="5"
      direction={{ initial: "column", sm: "row" }}
    >
      <Box>
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {subtitle ? (
          <Text as="p" color="gray" size="2" mt="1">
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {actions ? <Flex gap="2">{actions}</Flex> : null}
    </Flex>
  );
}

export function NotBuiltYet({ title, area }: { title: string; area: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Box p="5" style={{ border: "1px dashed var(--gray-a7)", borderRadius: "var(--radius-3)" }}>
        <Text as="p" weight="medium">
          {title} is not built yet.
        </Text>
        <Text as="p" color="gray" size="2">
          This screen ({area}) arrives in a later release. Everything else in the menu that is built works.
        </Text>
      </Box>
    </>
  );
}
