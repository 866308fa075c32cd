// The one e-mail configuration (Settings → Email). The app password is stored AES-256-GCM
// encrypted and leaves this module only decrypted for the mail servers (activeMailAccount), which
// app/integrations/smtp.server.ts and imap.server.ts talk to.
import { asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { emailConfig } from "../../db/schema";
import type { EmailConfigInput, EmailProvider } from "../schemas/email";
import { decryptSecret, encryptSecret } from "../utils/secret-box.server";
import { invalid, notFound } from "../utils/refusal.server";

/** What routes may show: never the password, only whether one is stored. */
export type PublicEmailConfig = {
  id: number;
  provider: EmailProvider;
  senderEmail: string;
  senderName: string;
  isActive: boolean;
  hasPassword: boolean;
  createdAt: Date;
  updatedAt: Date;
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
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
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

/**
 * Creates the configuration when none exists, else updates it (spec §4). `id`, when given, must
 * match. `created` says which, for /api's 201 (docs/decisions/api-conventions.md).
 */
export async function saveEmailConfig(
  db: Executor,
  input: EmailConfigInput,
  id?: number,
): Promise<{ config: PublicEmailConfig; created: boolean }> {
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
    return { config: toPublic(row), created: true };
  }
  const [row] = await db
    .update(emailConfig)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(emailConfig.id, existing.id))
    .returning();
  return { config: toPublic(row), created: false };
}

/** The mailbox the mail servers are asked for, with its decrypted app password. */
export type MailAccount = { provider: EmailProvider; senderEmail: string; senderName: string; password: string };

/**
 * activeMailAccount's conditions as one SQL boolean (no password decrypted), for a caller that
 * only needs to know whether mail could go out, inside a larger statement. Keep the two in step.
 */
export const mailAccountUsableSql = sql<boolean>`coalesce((select ${emailConfig.isActive} and ${emailConfig.senderEmail} <> ''
    and ${emailConfig.appPasswordEncrypted} is not null from ${emailConfig} order by ${emailConfig.id} limit 1), false)`;

/**
 * The active configuration with the decrypted password, for the e-mail processor only (SMTP and IMAP).
 * Without one it refuses (invalid): retrying cannot fix that, so the job fails at once.
 */
export async function activeMailAccount(db: Executor): Promise<MailAccount> {
  const row = await configRow(db);
  if (!row || !row.isActive) throw invalid("Email is not configured: activate it in Settings → Email");
  if (!row.senderEmail) throw invalid("Sender email is required when email configuration is active");
  if (!row.appPasswordEncrypted) throw invalid("No app password is saved in Settings → Email");
  return {
    provider: row.provider as EmailProvider,
    senderEmail: row.senderEmail,
    senderName: row.senderName,
    password: decryptSecret(row.appPasswordEncrypted),
  };
}
