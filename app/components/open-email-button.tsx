import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A row of a mail list that opens the message: a POST to the Inbox (`intent=open` marks it read,
 * then redirects to its reading pane), since a GET never changes data. Without JS the whole row
 * is the form's submit button; with JS a fetcher posts it and follows the redirect.
 */
export function OpenEmailButton({
  emailId,
  action = "/inbox",
  className,
  current = false,
  children,
}: {
  emailId: number;
  /** The Inbox URL whose list query (search, filter, page) the reading pane keeps. */
  action?: string;
  className: string;
  current?: boolean;
  children: ReactNode;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="inbox-open">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="emailId" value={emailId} />
      <button
        type="submit"
        className={className}
        aria-current={current ? "true" : undefined}
        data-testid="email-row"
        disabled={fetcher.state !== "idle"}
      >
        {children}
      </button>
    </fetcher.Form>
  );
}
