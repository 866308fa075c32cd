import { Card, Heading, Text } from "~/components/ui";

/** The one page every wrong, missing, revoked or foreign token sees: it reveals nothing. */
export function PortalDenied({ phone }: { phone: string }) {
  return (
    <Card size="3" data-testid="portal-denied">
      <Heading as="h1" size="6" mb="2">
        Your Quotes
      </Heading>
      <Text as="p">To see your quotes, please use the link from the e-mail we sent you.</Text>
      <Text as="p" color="gray" size="2" mt="2">
        If the link does not work, call us at {phone} and we will send you a new one.
      </Text>
    </Card>
  );
}
