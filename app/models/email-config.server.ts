// The one e-mail configuration (Settings → Email) and the SMTP transport built from it.
// The app password is stored AES-256-GCM encrypted and never leaves this module except to SMTP.
import { asc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Executor } from "../../db/client.server";
import { emailConfig } from "../../db/schema";
import type { EmailConfigInput, EmailProvider } from "../schemas/email";
import { decryptSecret, encryptSecret } from "../utils/secret-box.server";
import { notFound } from "../utils/refusal.server";

/** What routes may show: never the password, only whether one is stored. */
export type PublicEmailConfig = {
  id: number;
  provider: EmailProvider;
  senderEmail: string;
  senderName: string;
  isActive: boolean;
  hasPassword: boolean;
};

type Row = typeof emailConfig.$inferSelect;

function toPublic(row: Row): PublicEmailConfig {
  return {
    id: row.id,
    provider: row.provider as EmailProvider,
    senderEmail: row.senderEmail,
    senderName: row.senderName,
    isActive: row.isActive,
    hasPassword: Boolean(row.appPasswordEncrypted),
  };
}

async function configRow(db: Executor) {
  const [row] = await db.select().from(emailConfig).orderBy(asc(emailConfig.id)).limit(1);
  return row ?? null;
}

export async function getEmailConfig(db: Executor): Promise<PublicEmailConfig | null> {
  const row = await configRow(db);
  return row ? toPublic(row) : null;
}

/** Creates the configuration when none exists, else updates it (spec §4). `id`, when given, must match. */
export async function saveEmailConfig(db: Executor, input: EmailConfigInput, id?: number): Promise<PublicEmailConfig> {
  const existing = await configRow(db);
  if (id !== undefined && existing?.id !== id) throw notFound("Email configuration not found");
  const values = {
    provider: input.provider,
    senderEmail: input.senderEmail ?? "",
    senderName: input.senderName,
    isActive: input.isActive,
    ...(input.appPassword ? { appPasswordEncrypted: encryptSecret(input.appPassword) } : {}),
  };
  if (!existing) {
    const [row] = await db.insert(emailConfig).values(values).returning();
    return toPublic(row);
  }
  const [row] = await db
    .update(emailConfig)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(emailConfig.id, existing.id))
    .returning();
  return toPublic(row);
}

// ---------------------------------------------------------------- transport

export const PROVIDER_PRESETS: Record<
  EmailProvider,
  { smtp: { host: string; port: number; secure: boolean }; imap: { host: string; port: number; secure: boolean } }
> = {
  gmail: {
    smtp: { host: "smtp.gmail.com", port: 465, secure: true },
    imap: { host: "imap.gmail.com", port: 993, secure: true },
  },
  outlook: {
    smtp: { host: "smtp.office365.com", port: 587, secure: false },
    imap: { host: "outlook.office365.com", port: 993, secure: true },
  },
};

const envBool = (value: string | undefined) =>
  value === undefined || value === "" ? undefined : value === "true" || value === "1";
const envPort = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** The provider's SMTP endpoint; SMTP_HOST/SMTP_PORT/SMTP_SECURE override it (tests, relays). */
export function smtpEndpoint(provider: EmailProvider) {
  const preset = PROVIDER_PRESETS[provider].smtp;
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

/** The provider's IMAP endpoint (Inbox sync); IMAP_HOST/IMAP_PORT/IMAP_SECURE override it (tests). */
export function imapEndpoint(provider: EmailProvider) {
  const preset = PROVIDER_PRESETS[provider].imap;
  return {
    host: process.env.IMAP_HOST || preset.host,
    port: envPort(process.env.IMAP_PORT) ?? preset.port,
    secure: envBool(process.env.IMAP_SECURE) ?? preset.secure,
  };
}

/** A refusal that retrying cannot fix (no configuration, no password); the job fails at once. */
export class EmailConfigError extends Error {
  readonly permanent = true;
}

/** The active configuration with the decrypted password, for the e-mail processor only. */
export async function activeSmtpAccount(db: Executor) {
  const row = await configRow(db);
  if (!row || !row.isActive) throw new EmailConfigError("Email is not configured: activate it in Settings → Email");
  if (!row.senderEmail) throw new EmailConfigError("Sender email is required when email configuration is active");
  if (!row.appPasswordEncrypted) throw new EmailConfigError("No app password is saved in Settings → Email");
  return {
    provider: row.provider as EmailProvider,
    senderEmail: row.senderEmail,
    senderName: row.senderName,
    password: decryptSecret(row.appPasswordEncrypted),
  };
}

export type SmtpAccount = Awaited<ReturnType<typeof activeSmtpAccount>>;

export function smtpTransport(account: SmtpAccount) {
  const endpoint = smtpEndpoint(account.provider);
  return nodemailer.createTransport({
    ...endpoint,
    auth: { user: account.senderEmail, pass: account.password },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    logger: false,
    debug: false,
  });
}
