import { Box, Container, Flex, Text } from "~/components/ui";
import type { ReactNode } from "react";

/** The customer-facing frame of the portal: no staff navigation. */
export function PortalFrame({
  companyName,
  phone,
  children,
}: {
  companyName: string;
  phone: string;
  children: ReactNode;
}) {
  return (
    <Box>
      <Flex asChild className="header" align="center" justify="between" wrap="wrap">
        <header>
          <Flex align="center" gap="2">
            <span className="logo-mark" aria-hidden>
              CJ
            </span>
            <Text weight="bold">{companyName}</Text>
          </Flex>
          <Text size="2" color="gray">
            Questions? Call {phone}
          </Text>
        </header>
      </Flex>
      <main>
        <Container size="3" p={{ initial: "3", sm: "4" }}>
          {children}
        </Container>
      </main>
    </Box>
  );
}
