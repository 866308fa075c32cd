// Notification e-mails (docs/decisions/notifications.md): the office's notices (a quote approved or
// changes requested in the portal, a payment received), the morning digest of Needs Attention and
// the customer's appointment reminder. One plain layout: a heading, lines, optional links.
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { BusinessDetails } from "./document-email";

export type NoticeEmailProps = {
  preview: string;
  heading: string;
  greeting?: string;
  lines: string[];
  /** Items with an optional link each (the digest's list). */
  items?: { text: string; href?: string }[];
  action?: { label: string; href: string };
  business: BusinessDetails;
  footer?: string;
};

const main = { backgroundColor: "#f5f5f4", fontFamily: "Helvetica, Arial, sans-serif" };
const container = { backgroundColor: "#ffffff", margin: "24px auto", padding: "24px", maxWidth: "560px" };

export function NoticeEmail(props: NoticeEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={main}>
        <Container style={container}>
          <Heading as="h2">{props.heading}</Heading>
          {props.greeting ? <Text>{props.greeting}</Text> : null}
          {props.lines.map((line) => (
            <Text key={line} style={{ whiteSpace: "pre-wrap" }}>
              {line}
            </Text>
          ))}
          {props.items?.length ? (
            <Section>
              {props.items.map((item) => (
                <Text key={item.text} style={{ margin: "4px 0" }}>
                  {"• "}
                  {item.href ? <Link href={item.href}>{item.text}</Link> : item.text}
                </Text>
              ))}
            </Section>
          ) : null}
          {props.action ? (
            <Text>
              <Link href={props.action.href}>{props.action.label}</Link>: {props.action.href}
            </Text>
          ) : null}
          <Hr />
          <Text style={{ fontSize: "12px", color: "#57534e" }}>
            {props.business.companyName}
            {props.business.phone ? ` · ${props.business.phone}` : ""}
            {props.footer ? ` · ${props.footer}` : ""}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
