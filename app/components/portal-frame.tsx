import { Box, Container, Flex, Text } from "@radix-ui/themes";
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
      <Flex className="header" align="center" justify="between">
        <Flex align="center" gap="2">
          <span className="logo-mark" aria-hidden>
            CJ
          </span>
          <Text weight="bold">{companyName}</Text>
        </Flex>
        <Text size="2" color="gray">
          Questions? Call {phone}
        </Text>
      </Flex>
      <Container size="3" p="4">
        {children}
      </Container>
    </Box>
  );
}
