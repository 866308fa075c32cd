// Reading a mailbox over IMAP (imapflow; docs/decisions/inbox-sync.md) and parsing what it holds (mailparser).
// Incremental by UID: the caller says where the last run stopped (UIDVALIDITY and last UID) and
// gets back at most `maxResults` messages and the position to remember:
// - no position yet (first sync, another account, or the server changed UIDVALIDITY, which
//   invalidates every UID we knew): the newest `maxResults`, so connecting a mailbox with years
//   of mail does not import years of mail;
// - otherwise the oldest messages above the last UID, so a burst of new mail is caught up over the
//   next runs without skipping any.
// The mailbox is opened read-only (EXAMINE), so reading never marks mail read on the server.
// Nothing here reads or writes the database (app/services/inbox-sync.server.ts does).
import { ImapFlow, type FetchMessageObject } from "imapflow";
import { simpleParser, type AddressObject } from "mailparser";
import type { EmailProvider } from "../schemas/email";
import { envBool, envPort } from "./smtp.server";

/** Who reads: the configured mailbox and its app password. */
export type ImapAccount = { provider: EmailProvider; senderEmail: string; password: string };

/** Where the last run stopped in one mailbox. */
export type MailboxPosition = { uidValidity: string; lastUid: number };

/** One message as the Inbox stores it. */
export type IncomingMessage = {
  messageId: string;
  threadId: string;
  subject: string | null;
  fromEmail: string | null;
  fromName: string | null;
  toEmail: string | null;
  ccEmails: string[];
  bodyText: string | null;
  bodyHtml: string | null;
  receivedAt: Date | null;
  isRead: boolean;
  hasAttachments: boolean;
  imapUid: number;
};

export type FetchedMail = { position: MailboxPosition; messages: IncomingMessage[] };

/** The mail server refused the login: retrying cannot help until the settings change. */
export class ImapLoginRefused extends Error {}

const PRESETS: Record<EmailProvider, { host: string; port: number; secure: boolean }> = {
  gmail: { host: "imap.gmail.com", port: 993, secure: true },
  outlook: { host: "outlook.office365.com", port: 993, secure: true },
};

/** The provider's IMAP endpoint (Inbox sync); IMAP_HOST/IMAP_PORT/IMAP_SECURE override it (tests). */
export function imapEndpoint(provider: EmailProvider) {
  const preset = PRESETS[provider];
  return {
    host: process.env.IMAP_HOST || preset.host,
    port: envPort(process.env.IMAP_PORT) ?? preset.port,
    secure: envBool(process.env.IMAP_SECURE) ?? preset.secure,
  };
}

/** PostgreSQL text cannot hold NUL characters; a message may. */
const clean = (value: string | null | undefined) => (value ? value.replace(/\u0000/g, "") : (value ?? null));

function addresses(field: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((o) => o.value)
    .flatMap((v) => (v.address ? [{ address: v.address.toLowerCase(), name: v.name }] : []));
}

/** A date the database can store, or null (a Date header can say anything). */
function validDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

async function fromSource(message: FetchMessageObject, source: Buffer, fallbackId: string): Promise<IncomingMessage> {
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
  return {
    messageId,
    threadId: clean(references[0] ?? parsed.inReplyTo) || messageId,
    subject: clean(parsed.subject),
    fromEmail: from?.address ?? null,
    fromName: clean(from?.name) || null,
    toEmail: to.map((a) => a.address).join(", ") || null,
    ccEmails: cc.map((a) => a.address),
    bodyText: clean(parsed.text),
    bodyHtml: typeof parsed.html === "string" ? clean(parsed.html) : null,
    receivedAt: validDate(message.internalDate) ?? validDate(parsed.date),
    isRead: message.flags?.has("\\Seen") ?? false,
    hasAttachments: parsed.attachments.some((a) => !a.related),
    imapUid: message.uid,
  };
}

function fromEnvelope(message: FetchMessageObject, fallbackId: string, note?: string): IncomingMessage {
  const envelope = message.envelope;
  const from = envelope?.from?.[0];
  const size = ((message.size ?? 0) / (1024 * 1024)).toFixed(1);
  const messageId = clean(envelope?.messageId) || fallbackId;
  return {
    messageId,
    threadId: clean(envelope?.inReplyTo) || messageId,
    subject: clean(envelope?.subject),
    fromEmail: from?.address?.toLowerCase() ?? null,
    fromName: clean(from?.name) || null,
    toEmail: (envelope?.to ?? []).flatMap((a) => (a.address ? [a.address.toLowerCase()] : [])).join(", ") || null,
    ccEmails: (envelope?.cc ?? []).flatMap((a) => (a.address ? [a.address.toLowerCase()] : [])),
    bodyText: note ?? `This message is ${size} MB, too large to show here. Open it in your mail app.`,
    bodyHtml: null,
    receivedAt: validDate(message.internalDate) ?? validDate(envelope?.date),
    isRead: message.flags?.has("\\Seen") ?? false,
    hasAttachments: !note,
    imapUid: message.uid,
  };
}

/** A message the parser cannot read must not stop the sync at its UID forever: keep its envelope. */
async function parsedOrEnvelope(message: FetchMessageObject, source: Buffer, fallbackId: string) {
  try {
    return await fromSource(message, source, fallbackId);
  } catch (error) {
    console.error(
      `[inbox] message UID ${message.uid} could not be parsed: ` +
        (error instanceof Error ? error.message : String(error)),
    );
    return fromEnvelope(message, fallbackId, "This message could not be read here. Open it in your mail app.");
  }
}

/**
 * The messages of `mailbox` after `known` (see the top of this file), oldest first. Messages larger
 * than `maxMessageBytes` come from their envelope only (the body would be mostly attachments).
 */
export async function fetchNewMail(
  account: ImapAccount,
  options: { mailbox: string; known: MailboxPosition | null; maxResults: number; maxMessageBytes: number },
): Promise<FetchedMail> {
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
      throw new ImapLoginRefused(
        "The mail server refused the login: check the sender email and app password in Settings → Email",
      );
    }
    throw error;
  }
  try {
    const lock = await client.getMailboxLock(options.mailbox, { readOnly: true });
    try {
      const mailbox = client.mailbox;
      if (!mailbox) throw new Error("The mail server did not open the inbox");
      const uidValidity = String(mailbox.uidValidity);
      const after = options.known && options.known.uidValidity === uidValidity ? options.known.lastUid : null;

      let uids: number[] = [];
      if (mailbox.exists > 0) {
        // "N:*" always matches the newest message, even below N: filter.
        const found =
          (await client.search(after === null ? { all: true } : { uid: `${after + 1}:*` }, { uid: true })) || [];
        const newer = found.filter((uid) => after === null || uid > after).sort((a, b) => a - b);
        uids = after === null ? newer.slice(-options.maxResults) : newer.slice(0, options.maxResults);
      }
      if (uids.length === 0) {
        return { position: { uidValidity, lastUid: after ?? Math.max(0, mailbox.uidNext - 1) }, messages: [] };
      }

      const metas = await client.fetchAll(
        uids.join(","),
        { uid: true, size: true, flags: true, internalDate: true, envelope: true },
        { uid: true },
      );
      const wanted = metas.filter((m) => (m.size ?? 0) <= options.maxMessageBytes).map((m) => m.uid);
      const sources = new Map<number, Buffer>();
      if (wanted.length) {
        for await (const m of client.fetch(wanted.join(","), { uid: true, source: true }, { uid: true })) {
          if (m.source) sources.set(m.uid, m.source);
        }
      }

      const messages: IncomingMessage[] = [];
      for (const meta of metas.sort((a, b) => a.uid - b.uid)) {
        const fallbackId = `<imap-${uidValidity}-${meta.uid}@${account.senderEmail.toLowerCase()}>`;
        const source = sources.get(meta.uid);
        messages.push(source ? await parsedOrEnvelope(meta, source, fallbackId) : fromEnvelope(meta, fallbackId));
      }
      return { position: { uidValidity, lastUid: Math.max(...uids) }, messages };
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
