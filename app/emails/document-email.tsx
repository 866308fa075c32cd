// The quote and invoice e-mails (@react-email/components), with the business details from Settings.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
  render,
} from "@react-email/components";

export type BusinessDetails = {
  companyName: string;
  streetAddress?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  phone?: string;
  email?: string;
  website?: string;
};

export type DocumentEmailProps = {
  kind: "Quote" | "Invoice" | "Purchase Order";
  number: string;
  title: string;
  customerName: string;
  total: string;
  /** The quote's portal link or the invoice's payment link. */
  actionUrl?: string | null;
  actionLabel?: string;
  customMessage?: string | null;
  business: BusinessDetails;
  extraLines?: string[];
};

const main = { backgroundColor: "#f5f5f4", fontFamily: "Helvetica, Arial, sans-serif" };
const container = { backgroundColor: "#ffffff", margin: "24px auto", padding: "24px", maxWidth: "560px" };
const button = {
  backgroundColor: "#1d4ed8",
  color: "#ffffff",
  padding: "12px 20px",
  borderRadius: "6px",
  textDecoration: "none",
};

export function DocumentEmail(props: DocumentEmailProps) {
  const b = props.business;
  const address = [b.streetAddress, [b.city, b.state].filter(Boolean).join(", "), b.zipCode]
    .filter(Boolean)
    .join(" · ");
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${props.kind} ${props.number} from ${b.companyName}`}</Preview>
      <Body style={main}>
        <Container style={container}>
          <Heading as="h2">{b.companyName}</Heading>
          <Text>Hello {props.customerName},</Text>
          <Text>
            Please find attached {props.kind.toLowerCase()} {props.number} ({props.title}) for {props.total}.
          </Text>
          {props.extraLines?.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
          {props.customMessage ? <Text style={{ whiteSpace: "pre-wrap" }}>{props.customMessage}</Text> : null}
          {props.actionUrl ? (
            <Section style={{ margin: "24px 0" }}>
              <Button href={props.actionUrl} style={button}>
                {props.actionLabel ?? "Open"}
              </Button>
              <Text style={{ fontSize: "12px", color: "#57534e" }}>Or open this link: {props.actionUrl}</Text>
            </Section>
          ) : null}
          <Text>Thank you for your business.</Text>
          <Hr />
          <Text style={{ fontSize: "12px", color: "#57534e" }}>
            {b.companyName}
            {address ? ` · ${address}` : ""}
            {b.phone ? ` · ${b.phone}` : ""}
            {b.email ? ` · ${b.email}` : ""}
            {b.website ? ` · ${b.website}` : ""}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function TestEmail({ business }: { business: BusinessDetails }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>Test email from Cabinetry Jobs</Preview>
      <Body style={main}>
        <Container style={container}>
          <Heading as="h2">{business.companyName}</Heading>
          <Text>This is a test email from Cabinetry Jobs. Your email configuration works.</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Sent to a user whose account signed in from a browser it had not seen (Security → login alerts). */
export function LoginAlertEmail(props: {
  business: BusinessDetails;
  name: string;
  username: string;
  when: string;
  browser: string;
  address: string;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>New sign-in to your Cabinetry Jobs account</Preview>
      <Body style={main}>
        <Container style={container}>
          <Heading as="h2">New sign-in to your account</Heading>
          <Text>Hello {props.name},</Text>
          <Text>
            Your {props.business.companyName} account ({props.username}) was just signed in to from a browser it had not
            been used on before.
          </Text>
          <Text>
            When: {props.when}
            <br />
            Browser: {props.browser}
            <br />
            Address: {props.address}
          </Text>
          <Text>
            If this was you, there is nothing to do. If it was not, change your password at once and tell the owner.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export async function renderEmail(element: React.ReactElement) {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
