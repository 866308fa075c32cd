import { Box, Heading, Text } from "~/components/ui";
import type { ReactNode } from "react";

/**
 * A page's title, subtitle and action bar. The title takes at most two lines (the full text is in
 * its title attribute) and the actions never clip: detail pages pass one primary button and an
 * ActionMenu (docs/decisions/tablet-layout.md).
 */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: string; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <Box className="page-header-text">
        <Heading as="h1" size="7" className="page-title" title={typeof title === "string" ? title : undefined}>
          {title}
        </Heading>
        {subtitle ? (
          <Text as="p" color="gray" size="2" mt="1">
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
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
