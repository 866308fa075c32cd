// The Inbox (spec "Inbox"): synced mail on the left, the open message on the right. Everything is
// a link or a plain form, so it all works without JavaScript: `?email=ID` shows a message,
// `&reply=1` opens the reply form, `&images=1` shows its remote images. A GET never changes data:
// opening a message from a list posts `intent=open` (marks it read), which redirects to `?email=ID`.
import { Badge, Button, Callout, Card, Flex, Heading, Text, TextArea } from "~/components/ui";
import {
  data as withInit,
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { ListFilters } from "~/components/list-filters";
import { ListPage } from "~/components/list-page";
import { OpenEmailButton, OpenEmailForm } from "~/components/open-email-button";
import { MarkupOnly } from "~/components/data-table";
import { PlainBadge } from "~/components/status-badge";
import { Pagination } from "~/components/pagination";
import { keepListQuery } from "~/components/use-kept-query";
import { getEmailConfig } from "~/models/email-config.server";
import { deleteEmail, getEmail, listEmails, setEmailRead, unreadCount } from "~/models/inbox.server";
import { getSettings } from "~/models/settings.server";
import { readReply } from "~/forms/inbox-reply.server";
import { dispatchInboxSync, dispatchReply } from "~/services/email-dispatch.server";
import { requirePermission } from "~/utils/auth.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { safeEmailHtml } from "~/utils/email-html.server";
import { flagFilter, keptQuery, listKeys } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { listRows } from "~/utils/list-rows.server";
import { parseRouteId } from "~/utils/params.server";
import { isRefusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { refusalToast } from "~/utils/refusal-response.server";
import { useDisplay } from "~/components/date-display";
import { SpriteIcon } from "~/components/sprite-icon";

export const meta: MetaFunction = () => [{ title: "Inbox · Cabinetry Jobs" }];

const filters = { unread: flagFilter };
export const handle = keepListQuery(filters);
const LIST_KEYS = listKeys(filters);

/** /inbox with the list's own query (search, unread filter, page) and `extra`. */
function listQuery(params: URLSearchParams, extra: Record<string, string> = {}) {
  return `/inbox${keptQuery(params, LIST_KEYS, extra)}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { payload, status } = await inboxPage(request);
  return withInit(payload, { status });
}

/** The page's data as the component reads it (the loader wraps it with its status). */
type InboxData = SerializeFrom<Awaited<ReturnType<typeof inboxPage>>["payload"]>;

async function inboxPage(request: Request) {
  const { list } = await requireListSearch(request, "inbox", filters);
  const url = new URL(request.url);
  const selectedId = parseRouteId(url.searchParams.get("email") ?? undefined);
  const db = await getDb();
  const selected = selectedId ? await getEmail(db, selectedId) : null;

  const [{ rows, total }, unread, config, settings] = await Promise.all([
    listEmails(db, list),
    unreadCount(db),
    getEmailConfig(db),
    getSettings(db),
  ]);
  redirectPastLastPage(request, list, total);
  const remoteImages = url.searchParams.get("images") === "1";
  const body = selected?.bodyHtml ? safeEmailHtml(selected.bodyHtml, { remoteImages }) : null;
  // Only what the list shows; on a document it is sent as HTML only (listRows).
  const emails = rows.map((e) => ({
    id: e.id,
    isRead: e.isRead,
    fromEmail: e.fromEmail,
    fromName: e.fromName,
    receivedAt: e.receivedAt,
    subject: e.subject,
    snippet: e.snippet,
    bodyStart: e.bodyStart,
    customerName: e.customerName,
    jobTitle: e.jobTitle,
  }));
  return {
    payload: listRows(
      request,
      {
        total,
        list,
        unread,
        configured: Boolean(config?.isActive),
        timeZone: settings.system.timeZone,
        selectedId,
        selected: selected
          ? {
              id: selected.id,
              subject: selected.subject,
              fromName: selected.fromName,
              fromEmail: selected.fromEmail,
              toEmail: selected.toEmail,
              ccEmails: selected.ccEmails,
              receivedAt: selected.receivedAt,
              hasAttachments: selected.hasAttachments,
              customerId: selected.customerId,
              customerName: selected.customerName,
              jobId: selected.jobId,
              jobTitle: selected.jobTitle,
              bodyText: selected.bodyText,
              html: body?.html ?? null,
              blockedImages: body?.blockedImages ?? 0,
            }
          : null,
        remoteImages,
        replying: Boolean(selected && url.searchParams.get("reply") === "1"),
      },
      emails,
    ),
    // A link to a message that is gone (deleted, never synced) is a 404, with the inbox around it.
    status: selectedId && !selected ? 404 : 200,
  };
}

type ActionData = { replyError: string; body: string };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "inbox", "write");
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const db = await getDb();
  const emailId = parseRouteId(String(form.get("emailId") ?? "") || undefined);
  const list = listQuery(url.searchParams);

  if (intent === "sync") {
    try {
      const outcome = await dispatchInboxSync(db);
      if (!outcome.ok)
        return redirectWithToast(request, list, { type: "error", title: "Sync failed", description: outcome.error });
      const { syncedCount, totalFetched } = outcome.result;
      return redirectWithToast(request, list, {
        title: "Emails synced",
        description: `Synced ${syncedCount} new emails out of ${totalFetched} fetched.`,
      });
    } catch (error) {
      return refusalToast(request, list, error, "Sync failed");
    }
  }

  if (!emailId)
    return redirectWithToast(request, list, {
      type: "error",
      title: "Email not found",
      description: "Choose a message from the list.",
    });

  if (intent === "open") {
    // Opening marks the message read; the reading pane (a GET) only shows it.
    await setEmailRead(db, emailId, true);
    return redirect(listQuery(url.searchParams, { email: String(emailId) }));
  }

  if (intent === "delete") {
    await requirePermission(request, "inbox", "delete");
    if (!(await deleteEmail(db, emailId)))
      return redirectWithToast(request, list, {
        type: "error",
        title: "Delete failed",
        description: "Email not found",
      });
    return redirectWithToast(request, list, { title: "Email deleted" });
  }

  if (intent === "unread") {
    // Back to the list, where it now shows as unread.
    if (!(await setEmailRead(db, emailId, false)))
      return redirectWithToast(request, list, { type: "error", title: "Email not found" });
    return redirectWithToast(request, list, { title: "Marked as unread" });
  }

  if (intent === "reply") {
    const reply = readReply(form);
    const body = String(form.get("body") ?? "");
    if ("error" in reply) return json<ActionData>({ replyError: reply.error, body }, { status: 400 });
    try {
      const outcome = await dispatchReply(db, emailId, reply.body, user.id);
      // The typed reply is never lost: a failure shows the form again with the text in it.
      if (!outcome.ok)
        return json<ActionData>({ replyError: `Failed to send reply: ${outcome.error}`, body }, { status: 502 });
      return redirectWithToast(request, listQuery(url.searchParams, { email: String(emailId) }), {
        title: "Reply sent",
        description: `Sent to ${outcome.result.to}.`,
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return json<ActionData>({ replyError: error.message, body }, { status: error.status });
    }
  }

  return redirectWithToast(request, list, { type: "error", title: "Unknown action" });
}

export default function Inbox() {
  const display = useDisplay();
  const data = useLoaderData() as InboxData;
  const { rows: emails, shown, total, list, unread, configured, selected, selectedId } = data;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const syncing = navigation.state !== "idle" && navigation.formData?.get("intent") === "sync";

  return (
    <ListPage
      title={
        <Flex as="span" align="center" gap="3">
          Inbox
          <Badge
            color={unread ? "blue" : "gray"}
            radius="full"
            size="2"
            data-testid="unread-count"
            aria-label={`${unread.toLocaleString("en-US")} unread`}
          >
            {unread.toLocaleString("en-US")} unread
          </Badge>
        </Flex>
      }
      subtitle="Customer mail, linked to customers and jobs"
      actions={
        <Form method="post" action={listQuery(params)}>
          <input type="hidden" name="intent" value="sync" />
          <Button
            type="submit"
            disabled={!configured || syncing}
            title={configured ? undefined : "Set up e-mail in Settings → Email first"}
          >
            <SpriteIcon name="reload" /> {syncing ? "Syncing..." : "Sync"}
          </Button>
        </Form>
      }
      filters={
        <>
          {!configured ? (
            <Callout.Root color="orange" mb="4" size="1">
              <Callout.Text>
                E-mail is not set up. Connect your Gmail or Outlook mailbox in{" "}
                <Link to="/settings?tab=email">Settings → Email</Link> to sync the inbox and reply.
              </Callout.Text>
            </Callout.Root>
          ) : null}
          <ListFilters list={list} searchLabel="Search emails" placeholder="Search by subject or sender...">
            <label className="inline-check">
              <input type="checkbox" name="unread" value="1" defaultChecked={list.unread} /> Unread only
            </label>
          </ListFilters>
        </>
      }
    >
      <div className={`inbox-grid${selectedId ? " has-selection" : ""}`}>
        <Card size="1" className="inbox-list">
          {shown === 0 ? (
            list.filtered ? (
              <EmptyState title="No emails match your search." />
            ) : (
              <EmptyState title="No emails yet" hint="Click Sync to fetch emails" />
            )
          ) : (
            <OpenEmailForm action={listQuery(params)}>
              {/* On a document the rows are HTML only (listRows): hydration keeps them as drawn. */}
              <MarkupOnly as="ul" markupOnly={!emails} className="inbox-items" aria-label="Emails">
                {emails?.map((e) => (
                  <li key={e.id}>
                    <OpenEmailButton
                      emailId={e.id}
                      className={`inbox-item${e.isRead ? "" : " unread"}${e.id === selectedId ? " active" : ""}`}
                      current={e.id === selectedId}
                    >
                      {/* Head (sender, date), subject, snippet: styled by position (app.css). */}
                      <span>
                        <span>
                          {e.isRead ? null : <span className="unread-dot" aria-label="Unread" />}
                          {e.fromName || e.fromEmail || "Unknown sender"}
                        </span>
                        <span>{formatDate(e.receivedAt, display)}</span>
                      </span>
                      <span>{e.subject || "(No subject)"}</span>
                      <span>{e.snippet ?? e.bodyStart ?? ""}</span>
                      {e.customerName || e.jobTitle ? (
                        <span className="inbox-badges">
                          {e.customerName ? <PlainBadge color="green">{e.customerName}</PlainBadge> : null}
                          {e.jobTitle ? <PlainBadge color="purple">{e.jobTitle}</PlainBadge> : null}
                        </span>
                      ) : null}
                    </OpenEmailButton>
                  </li>
                ))}
              </MarkupOnly>
            </OpenEmailForm>
          )}
          <Pagination page={list.page} pageSize={list.pageSize} total={total} />
        </Card>
        <Card size="2" className="inbox-pane">
          {selected ? (
            <ReadingPane />
          ) : selectedId ? (
            <EmptyState title="Email not found" hint="It may have been deleted." />
          ) : (
            <EmptyState title="No email selected" />
          )}
        </Card>
      </div>
    </ListPage>
  );
}

function ReadingPane() {
  const display = useDisplay();
  const { selected, remoteImages, replying } = useLoaderData() as InboxData;
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  if (!selected) return null;
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const here = (extra: Record<string, string> = {}) => listQuery(params, { email: String(selected.id), ...extra });
  const showReply = replying || Boolean(actionData?.replyError);

  return (
    <article aria-labelledby="email-subject">
      <Link to={listQuery(params)} className="inbox-back row-action">
        <SpriteIcon name="arrow-left" /> Back to inbox
      </Link>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Heading as="h2" size="5" id="email-subject">
          {selected.subject || "(No subject)"}
        </Heading>
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="soft">
            <Link to={here({ reply: "1" })} preventScrollReset>
              Reply
            </Link>
          </Button>
          <Form method="post" action={here()}>
            <input type="hidden" name="intent" value="unread" />
            <input type="hidden" name="emailId" value={selected.id} />
            <Button type="submit" variant="soft" color="gray">
              Mark unread
            </Button>
          </Form>
          <Form method="post" action={listQuery(params)}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="emailId" value={selected.id} />
            <Button type="submit" variant="soft" color="red" disabled={busy("delete")}>
              {busy("delete") ? "Deleting..." : "Delete"}
            </Button>
          </Form>
        </Flex>
      </Flex>
      <dl className="email-meta">
        <dt>From</dt>
        <dd data-testid="email-from">
          {selected.fromName
            ? `${selected.fromName} <${selected.fromEmail ?? ""}>`
            : (selected.fromEmail ?? "Unknown sender")}
        </dd>
        {selected.toEmail ? (
          <>
            <dt>To</dt>
            <dd>{selected.toEmail}</dd>
          </>
        ) : null}
        {selected.ccEmails.length ? (
          <>
            <dt>Cc</dt>
            <dd>{selected.ccEmails.join(", ")}</dd>
          </>
        ) : null}
        <dt>Date</dt>
        <dd>{selected.receivedAt ? formatDateTime(selected.receivedAt, display) : "Unknown"}</dd>
        {selected.customerId || selected.jobId ? (
          <>
            <dt>Linked</dt>
            <dd className="inbox-badges">
              {selected.customerId ? (
                <Badge color="green" asChild>
                  <Link to={`/customers/${selected.customerId}`}>{selected.customerName}</Link>
                </Badge>
              ) : null}
              {selected.jobId ? (
                <Badge color="purple" asChild>
                  <Link to={`/jobs/${selected.jobId}`}>{selected.jobTitle}</Link>
                </Badge>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      {selected.hasAttachments ? (
        <Text as="p" size="1" color="gray" mb="2">
          This message has attachments: open it in your mail app to download them.
        </Text>
      ) : null}
      {selected.blockedImages > 0 && !remoteImages ? (
        <Callout.Root size="1" color="gray" mb="3">
          <Callout.Text>
            {selected.blockedImages === 1 ? "1 remote image is" : `${selected.blockedImages} remote images are`} hidden
            to protect your privacy. {/* A full page load: the page widens its CSP img-src only on that request. */}
            <Link to={here({ images: "1" })} reloadDocument>
              Show images
            </Link>
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {selected.html ? (
        // Sanitised on the server (app/utils/email-html.server.ts): no scripts, handlers, forms or styles blocks.
        <div
          className="email-body"
          data-testid="email-body"
          // Wide received HTML scrolls inside its box: focusable, so the keyboard can scroll it too.
          tabIndex={0}
          role="region"
          aria-label="Message"
          dangerouslySetInnerHTML={{ __html: selected.html }}
        />
      ) : selected.bodyText?.trim() ? (
        <div className="email-body email-text" data-testid="email-body" tabIndex={0} role="region" aria-label="Message">
          {selected.bodyText}
        </div>
      ) : (
        <Text as="p" color="gray" data-testid="email-body">
          (No content)
        </Text>
      )}
      {showReply ? (
        <Form method="post" action={here({ reply: "1" })} className="reply-form">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="emailId" value={selected.id} />
          <Text as="label" htmlFor="reply-body" size="2" weight="medium" mb="1" style={{ display: "block" }}>
            Reply to {selected.fromEmail}
          </Text>
          <TextArea
            id="reply-body"
            name="body"
            rows={6}
            maxLength={20_000}
            required
            defaultValue={actionData?.body ?? ""}
            aria-invalid={actionData?.replyError ? true : undefined}
            aria-describedby={actionData?.replyError ? "reply-error" : undefined}
          />
          {actionData?.replyError ? (
            <Text as="p" size="2" color="red" role="alert" id="reply-error" mt="1">
              {actionData.replyError}
            </Text>
          ) : null}
          <Flex gap="2" mt="2">
            <Button type="submit" disabled={busy("reply")}>
              {busy("reply") ? "Sending..." : "Send Reply"}
            </Button>
            <Button asChild variant="soft" color="gray">
              <Link to={here()} preventScrollReset>
                Cancel
              </Link>
            </Button>
          </Flex>
        </Form>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
