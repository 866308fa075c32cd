// Sending mail over SMTP (nodemailer; docs/decisions/sending-email.md): the gmail/outlook presets, the env
// overrides tests and relays use, and one message per call. Callers hand over the account (the
// password already decrypted) and the message; nothing here reads the database.
import nodemailer from "nodemailer";
import type { EmailProvider } from "../schemas/email";

/** Who sends: the configured mailbox and its app password. */
export type SmtpAccount = { provider: EmailProvider; senderEmail: string; senderName: string; password: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  html?: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Threading headers of a reply (RFC 5322 In-Reply-To / References). */
  inReplyTo?: string;
  references?: string[];
};

/** What the SMTP server accepted. */
export type SendResult = { messageId: string; accepted: string[]; to: string };

const PRESETS: Record<EmailProvider, { host: string; port: number; secure: boolean }> = {
  gmail: { host: "smtp.gmail.com", port: 465, secure: true },
  outlook: { host: "smtp.office365.com", port: 587, secure: false },
};

export const envBool = (value: string | undefined) =>
  value === undefined || value === "" ? undefined : value === "true" || value === "1";
export const envPort = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** The provider's SMTP endpoint; SMTP_HOST/SMTP_PORT/SMTP_SECURE override it (tests, relays). */
export function smtpEndpoint(provider: EmailProvider) {
  const preset = PRESETS[provider];
  const overridden = Boolean(process.env.SMTP_HOST || process.env.SMTP_PORT || process.env.SMTP_SECURE);
  const secure = envBool(process.env.SMTP_SECURE) ?? preset.secure;
  return {
    host: process.env.SMTP_HOST || preset.host,
    port: envPort(process.env.SMTP_PORT) ?? preset.port,
    secure,
    // The presets' port 587 must upgrade with STARTTLS; an explicit override decides for itself.
    requireTLS: !overridden && !secure,
  };
}

/** Sends one message over a connection of its own, closed afterwards. */
export async function sendMail(account: SmtpAccount, mail: OutgoingMail): Promise<SendResult> {
  const transport = nodemailer.createTransport({
    ...smtpEndpoint(account.provider),
    auth: { user: account.senderEmail, pass: account.password },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    logger: false,
    debug: false,
  });
  try {
    const info = await transport.sendMail({
      from: { name: account.senderName, address: account.senderEmail },
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
      inReplyTo: mail.inReplyTo,
      references: mail.references,
    });
    return { messageId: info.messageId, accepted: (info.accepted ?? []).map(String), to: mail.to };
  } finally {
    transport.close();
  }
}

/** A refusal that sending again cannot fix: a 5xx reply, a refused login or a refused address. */
export function isPermanentSmtpError(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string } | null;
  if (e?.code === "EAUTH" || e?.code === "EENVELOPE") return true;
  return typeof e?.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
}
