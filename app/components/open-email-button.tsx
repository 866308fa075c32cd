import { useFetcher } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";

const Busy = createContext(false);

/**
 * A list of mail whose rows open their message: one form for the whole list, posting `intent=open`
 * and the pressed row's `emailId` to the Inbox (marks it read, then redirects to its reading pane),
 * since a GET never changes data. Without JS each row is the form's submit button; with JS a fetcher
 * posts it and follows the redirect. One form, not one per row: 50 rows × two hidden inputs were
 * ~6 KB of the Inbox's HTML.
 */
export function OpenEmailForm({
  action = "/inbox",
  children,
}: {
  /** The Inbox URL whose list query (search, filter, page) the reading pane keeps. */
  action?: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="inbox-open">
      <input type="hidden" name="intent" value="open" />
      <Busy.Provider value={fetcher.state !== "idle"}>{children}</Busy.Provider>
    </fetcher.Form>
  );
}

/** A row of an OpenEmailForm: the submit button that opens message `emailId`. */
export function OpenEmailButton({
  emailId,
  className,
  current = false,
  children,
}: {
  emailId: number;
  className: string;
  current?: boolean;
  children: ReactNode;
}) {
  const busy = useContext(Busy);
  return (
    <button
      type="submit"
      name="emailId"
      value={emailId}
      className={className}
      aria-current={current ? "true" : undefined}
      disabled={busy || undefined}
    >
      {children}
    </button>
  );
}
