// The Inbox sync flow, run by the `email` queue's sync job (scheduled, or the Sync button waiting
// for it): the configured account, where the last run stopped (email_sync_state, per account and
// mailbox), the new mail from IMAP (app/integrations/imap.server.ts), the customer/job links, the
// rows, then the new position.
// Messages are stored before the position moves, and stored once (unique Message-ID, ON CONFLICT
// DO NOTHING): a run that dies half-way, or two runs at once, fetch again but never duplicate.
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { emailSyncState, emails } from "../../db/schema";
import { ImapLoginRefused, fetchNewMail, type MailboxPosition } from "../integrations/imap.server";
import { activeMailAccount } from "../models/email-config.server";
import { invalid } from "../utils/refusal.server";
import { forgetUnreadCount, linkMessages } from "../models/inbox.server";
import { snippetOf } from "../utils/email-html.server";

export const SYNC_MAX_RESULTS = 50;
/**
 * Larger messages are stored from their envelope only (the body would be mostly attachments).
 * INBOX_MAX_MESSAGE_BYTES lowers it (tests).
 */
export function maxMessageBytes() {
  const value = Number(process.env.INBOX_MAX_MESSAGE_BYTES);
  return Number.isInteger(value) && value > 0 ? value : 20 * 1024 * 1024;
}
const MAILBOX = "INBOX";

export type SyncResult = { syncedCount: number; totalFetched: number };

async function knownPosition(db: Executor, key: string): Promise<MailboxPosition | null> {
  const [state] = await db
    .select({ uidValidity: emailSyncState.uidValidity, lastUid: emailSyncState.lastUid })
    .from(emailSyncState)
    .where(sql`${emailSyncState.mailbox} = ${key}`);
  return state ?? null;
}

async function savePosition(db: Executor, key: string, { uidValidity, lastUid }: MailboxPosition) {
  // Two runs may finish in either order: within one UIDVALIDITY the position only moves forward.
  await db
    .insert(emailSyncState)
    .values({ mailbox: key, uidValidity, lastUid })
    .onConflictDoUpdate({
      target: emailSyncState.mailbox,
      set: {
        uidValidity,
        lastUid: sql`case when ${emailSyncState.uidValidity} = ${uidValidity}
                          then greatest(${emailSyncState.lastUid}, ${lastUid}) else ${lastUid} end`,
        updatedAt: new Date(),
      },
    });
}

export async function syncInbox(db: Executor, options: { maxResults?: number } = {}): Promise<SyncResult> {
  const maxResults = Math.max(1, Math.min(SYNC_MAX_RESULTS, options.maxResults ?? SYNC_MAX_RESULTS));
  const account = await activeMailAccount(db);
  const key = `${account.provider}:${account.senderEmail.toLowerCase()}:${MAILBOX}`;
  let fetched;
  try {
    fetched = await fetchNewMail(account, {
      mailbox: MAILBOX,
      known: await knownPosition(db, key),
      maxResults,
      maxMessageBytes: maxMessageBytes(),
    });
  } catch (error) {
    if (error instanceof ImapLoginRefused) throw invalid(error.message);
    throw error;
  }
  const { position, messages } = fetched;
  if (messages.length === 0) {
    await savePosition(db, key, position);
    return { syncedCount: 0, totalFetched: 0 };
  }
  const links = await linkMessages(
    db,
    messages.map((m) => ({
      subject: m.subject,
      fromEmail: m.fromEmail,
      otherAddresses: [...(m.toEmail?.split(", ") ?? []), ...m.ccEmails],
    })),
    account.senderEmail,
  );
  const inserted = await db
    .insert(emails)
    .values(messages.map((m, i) => ({ ...m, snippet: snippetOf(m.bodyText), ...links[i], provider: account.provider })))
    .onConflictDoNothing({ target: emails.messageId })
    .returning({ id: emails.id });
  await savePosition(db, key, position);
  await forgetUnreadCount();
  return { syncedCount: inserted.length, totalFetched: messages.length };
}

// ---------------------------------------------------------------- the scheduled catch-up

/** The longest a scheduled run keeps syncing: 4 minutes, and never more than 80% of the interval. */
export const CATCH_UP_BUDGET_MS = 4 * 60_000;
export function catchUpBudgetMs(intervalMinutes: number) {
  return Math.min(CATCH_UP_BUDGET_MS, Math.floor(intervalMinutes * 60_000 * 0.8));
}

export type CatchUpResult = SyncResult & { batches: number; caughtUp: boolean };

/**
 * The scheduled run (docs/decisions/inbox-sync.md): batch after batch of SYNC_MAX_RESULTS, each
 * stored before the position moves, until a batch comes back short (caught up), the time budget is
 * spent, or `signal` says the worker is stopping; a batch once started is finished. A mailbox never
 * synced still starts with its newest batch (the next one finds nothing above it).
 */
export async function catchUpInbox(
  db: Executor,
  options: { budgetMs: number; signal?: AbortSignal; now?: () => number },
): Promise<CatchUpResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const total: CatchUpResult = { syncedCount: 0, totalFetched: 0, batches: 0, caughtUp: false };
  for (;;) {
    const batch = await syncInbox(db);
    total.batches += 1;
    total.syncedCount += batch.syncedCount;
    total.totalFetched += batch.totalFetched;
    if (batch.totalFetched < SYNC_MAX_RESULTS) {
      total.caughtUp = true;
      return total;
    }
    if (options.signal?.aborted || now() - started >= options.budgetMs) return total;
  }
}
