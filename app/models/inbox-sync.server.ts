// Inbox sync over IMAP (imapflow), run by the `email` queue's sync job (scheduled, or the Sync
// button waiting for it). Incremental by UID: email_sync_state remembers, per account and mailbox,
// the UIDVALIDITY and the last UID stored. A run takes at most `maxResults` messages:
// - no position yet (first sync, another account, or the server changed UIDVALIDITY, which
//   invalidates every UID we knew): the newest `maxResults`, so connecting a mailbox with years
//   of mail does not import years of mail;
// - otherwise the oldest messages above the last UID, so a burst of new mail is caught up over the
//   next runs without skipping any.
// Messages are stored before the position moves, and stored once (unique Message-ID, ON CONFLICT
// DO NOTHING): a run that dies half-way, or two runs at once, fetch again but never duplicate.
// The mailbox is opened read-only (EXAMINE), so syncing never marks mail read on the server.
import { sql } from "drizzle-orm";
import { ImapFlow, type FetchMessageObject } from "imapflow";
import { simpleParser, type AddressObject } from "mailparser";
import type { Executor } from "../../db/client.server";
import { emailSyncState, emails } from "../../db/schema";
import { snippetOf } from "../utils/email-html.server";
import { EmailConfigError, activeSmtpAccount, imapEndpoint } from "./email-config.server";
import { forgetUnreadCount, linkMessages } from "./inbox.server";

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

type Incoming = typeof emails.$inferInsert;

/** PostgreSQL text cannot hold NUL characters; a message may. */
const clean = (value: string | null | undefined) => (value ? value.replace(/\u0000/g, "") : (value ?? null));

function addresses(field: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((o) => o.value)
    .flatMap((v) => (v.address ? [{ address: v.address.toLowerCase(), name: v.name }] : []));
}

async function fromSource(
  message: FetchMessageObject,
  source: Buffer,
  fallbackId: string,
): Promise<Omit<Incoming, "provider">> {
  const parsed = await simpleParser(source, { skipTextToHtml: true, skipTextLinks: true });
  const from = addresses(parsed.from)[0];
  const to = addresses(parsed.to);
  const cc = addresses(parsed.cc);
  const references = Array.isArray(parsed.references)
    ? parsed.references
    : parsed.references
      ? [parsed.references]
      : [];
  const messageId = clean(parsed.messageId) || fallbackId;
  const text = clean(parsed.text);
  return {
    messageId,
    threadId: clean(references[0] ?? parsed.inReplyTo) || messageId,
    subject: clean(parsed.subject),
    fromEmail: from?.address ?? null,
    fromName: clean(from?.name) || null,
    toEmail: to.map((a) => a.address).join(", ") || null,
    ccEmails: cc.map((a) => a.address),
    bodyText: text,
    bodyHtml: typeof parsed.html === "string" ? clean(parsed.html) : null,
    snippet: snippetOf(text),
    receivedAt: validDate(message.internalDate) ?? validDate(parsed.date),
    isRead: message.flags?.has("\\Seen") ?? false,
    hasAttachments: parsed.attachments.some((a) => !a.related),
    imapUid: message.uid,
  };
}

/** A message the parser cannot read must not stop the sync at its UID forever: keep its envelope. */
async function parsedOrEnvelope(message: FetchMessageObject, source: Buffer, fallbackId: string) {
  try {
    return await fromSource(message, source, fallbackId);
  } catch (error) {
    console.error(
      `[inbox] message UID ${message.uid} could not be parsed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return fromEnvelope(message, fallbackId, "This message could not be read here. Open it in your mail app.");
  }
}

/** A date the database can store, or null (a Date header can say anything). */
function validDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function fromEnvelope(message: FetchMessageObject, fallbackId: string, note?: string): Omit<Incoming, "provider"> {
  const envelope = message.envelope;
  const from = envelope?.from?.[0];
  const size = ((message.size ?? 0) / (1024 * 1024)).toFixed(1);
  const bodyText = note ?? `This message is ${size} MB, too large to show here. Open it in your mail app.`;
  const messageId = clean(envelope?.messageId) || fallbackId;
  return {
    messageId,
    threadId: clean(envelope?.inReplyTo) || messageId,
    subject: clean(envelope?.subject),
    fromEmail: from?.address?.toLowerCase() ?? null,
    fromName: clean(from?.name) || null,
    toEmail: (envelope?.to ?? []).flatMap((a) => (a.address ? [a.address.toLowerCase()] : [])).join(", ") || null,
    ccEmails: (envelope?.cc ?? []).flatMap((a) => (a.address ? [a.address.toLowerCase()] : [])),
    bodyText,
    bodyHtml: null,
    snippet: snippetOf(bodyText),
    receivedAt: validDate(message.internalDate) ?? validDate(envelope?.date),
    isRead: message.flags?.has("\\Seen") ?? false,
    hasAttachments: !note,
    imapUid: message.uid,
  };
}

async function savePosition(db: Executor, mailbox: string, uidValidity: string, lastUid: number) {
  // Two runs may finish in either order: within one UIDVALIDITY the position only moves forward.
  await db
    .insert(emailSyncState)
    .values({ mailbox, uidValidity, lastUid })
    .onConflictDoUpdate({
      target: emailSyncState.mailbox,
      set: {
        uidValidity,
        lastUid: sql`case when ${emailSyncState.uidValidity} = ${uidValidity} then greatest(${emailSyncState.lastUid}, ${lastUid}) else ${lastUid} end`,
        updatedAt: new Date(),
      },
    });
}

export async function syncInbox(db: Executor, options: { maxResults?: number } = {}): Promise<SyncResult> {
  const maxResults = Math.max(1, Math.min(SYNC_MAX_RESULTS, options.maxResults ?? SYNC_MAX_RESULTS));
  const account = await activeSmtpAccount(db);
  const stateKey = `${account.provider}:${account.senderEmail.toLowerCase()}:${MAILBOX}`;
  const client = new ImapFlow({
    ...imapEndpoint(account.provider),
    auth: { user: account.senderEmail, pass: account.password },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    disableAutoIdle: true,
  });
  // Socket errors after connect arrive as events; the awaited command rejects with them too.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    if ((error as { authenticationFailed?: boolean }).authenticationFailed) {
      throw new EmailConfigError(
        "The mail server refused the login: check the sender email and app password in Settings → Email",
      );
    }
    throw error;
  }
  try {
    const lock = await client.getMailboxLock(MAILBOX, { readOnly: true });
    try {
      const mailbox = client.mailbox;
      if (!mailbox) throw new Error("The mail server did not open the inbox");
      const uidValidity = String(mailbox.uidValidity);
      const [state] = await db
        .select()
        .from(emailSyncState)
        .where(sql`${emailSyncState.mailbox} = ${stateKey}`);
      const after = state && state.uidValidity === uidValidity ? state.lastUid : null;

      let uids: number[] = [];
      if (mailbox.exists > 0) {
        // "N:*" always matches the newest message, even below N: filter.
        const found =
          (await client.search(after === null ? { all: true } : { uid: `${after + 1}:*` }, { uid: true })) || [];
        const newer = found.filter((uid) => after === null || uid > after).sort((a, b) => a - b);
        uids = after === null ? newer.slice(-maxResults) : newer.slice(0, maxResults);
      }
      if (uids.length === 0) {
        await savePosition(db, stateKey, uidValidity, after ?? Math.max(0, mailbox.uidNext - 1));
        return { syncedCount: 0, totalFetched: 0 };
      }

      const range = uids.join(",");
      const metas = await client.fetchAll(
        range,
        { uid: true, size: true, flags: true, internalDate: true, envelope: true },
        { uid: true },
      );
      const limit = maxMessageBytes();
      const wanted = metas.filter((m) => (m.size ?? 0) <= limit).map((m) => m.uid);
      const sources = new Map<number, Buffer>();
      if (wanted.length) {
        for await (const m of client.fetch(wanted.join(","), { uid: true, source: true }, { uid: true })) {
          if (m.source) sources.set(m.uid, m.source);
        }
      }

      const incoming: Omit<Incoming, "provider">[] = [];
      for (const meta of metas.sort((a, b) => a.uid - b.uid)) {
        const fallbackId = `<imap-${uidValidity}-${meta.uid}@${account.senderEmail.toLowerCase()}>`;
        const source = sources.get(meta.uid);
        incoming.push(source ? await parsedOrEnvelope(meta, source, fallbackId) : fromEnvelope(meta, fallbackId));
      }
      const links = await linkMessages(
        db,
        incoming.map((m) => ({
          subject: m.subject ?? null,
          fromEmail: m.fromEmail ?? null,
          otherAddresses: [...(m.toEmail?.split(", ") ?? []), ...(m.ccEmails ?? [])],
        })),
        account.senderEmail,
      );
      const inserted = await db
        .insert(emails)
        .values(incoming.map((m, i) => ({ ...m, ...links[i], provider: account.provider })))
        .onConflictDoNothing({ target: emails.messageId })
        .returning({ id: emails.id });
      await savePosition(db, stateKey, uidValidity, Math.max(...uids));
      forgetUnreadCount();
      return { syncedCount: inserted.length, totalFetched: metas.length };
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
