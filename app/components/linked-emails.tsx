import { Badge, Card, Flex, Heading, Text } from "~/components/ui";
import { Link } from "@remix-run/react";
import { formatDate } from "~/utils/dates";
import { EmptyState } from "./empty-state";
import { OpenEmailButton, OpenEmailForm } from "./open-email-button";
import { useDisplay } from "./date-display";

type LinkedEmail = {
  id: number;
  subject: string | null;
  fromEmail: string | null;
  fromName: string | null;
  receivedAt: string | null;
  isRead: boolean;
};

/** The e-mails the Inbox linked to a customer or a job, newest first, each opening in the Inbox (and marked read). */
export function LinkedEmails({
  mail,
  search,
}: {
  mail: { rows: LinkedEmail[]; total: number };
  search?: string | null;
  timeZone?: string;
}) {
  const display = useDisplay();
  return (
    <Card data-testid="linked-emails">
      <Flex justify="between" align="center" mb="2">
        <Heading as="h2" size="3">
          Emails{" "}
          <Badge color="gray" radius="full">
            {mail.total}
          </Badge>
        </Heading>
        {search && mail.total > mail.rows.length ? (
          <Text size="2" asChild>
            <Link to={`/inbox?${new URLSearchParams({ search })}`}>View all in Inbox</Link>
          </Text>
        ) : null}
      </Flex>
      {mail.rows.length === 0 ? (
        <EmptyState title="No emails yet" hint="Linked mail appears here after an Inbox sync." />
      ) : (
        <OpenEmailForm>
          <ul className="inbox-items">
            {mail.rows.map((e) => (
              <li key={e.id}>
                <OpenEmailButton emailId={e.id} className={`inbox-item${e.isRead ? "" : " unread"}`}>
                  <span className="inbox-item-head">
                    <span className="inbox-from">
                      {e.isRead ? null : <span className="unread-dot" aria-label="Unread" />}
                      {e.subject || "(No subject)"}
                    </span>
                    <span className="inbox-date">{formatDate(e.receivedAt, display)}</span>
                  </span>
                  <span className="inbox-snippet">{e.fromName || e.fromEmail || "Unknown sender"}</span>
                </OpenEmailButton>
              </li>
            ))}
          </ul>
        </OpenEmailForm>
      )}
    </Card>
  );
}
