// Persisted settings with defaults from spec §9 and decisions §6 (one JSON value per section).
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { settings } from "../../db/schema";
import type { PasswordPolicy } from "../schemas/user";
import { forgetEverywhere, onForget } from "../utils/web-processes.server";

export const SETTINGS_DEFAULTS = {
  business: {
    companyName: "Northwind Cabinetry",
    streetAddress: "120 Mill Street",
    city: "Burlington",
    state: "VT",
    zipCode: "05401",
    phone: "(802) 555-0142",
    email: "office@northwind-cabinetry.example",
    website: "https://northwind-cabinetry.example",
    currency: "USD",
    /** Percent, as the settings form shows it; 8.75% = quote default 0.0875 (decisions §6). */
    taxRatePercent: "8.75",
    defaultMarkup: 35,
    paymentTerms: "Net 30",
  },
  system: {
    dateFormat: "MM/DD/YYYY" as "MM/DD/YYYY" | "DD/MM/YYYY" | "YYYY-MM-DD",
    timeFormat: "12" as "12" | "24",
    timeZone: process.env.BUSINESS_TIME_ZONE || "America/New_York",
    measurementUnit: "imperial" as "imperial" | "metric",
    /** Paper of the quote, invoice and report PDFs: "LETTER" (US) or "A4". */
    paperSize: "LETTER" as "LETTER" | "A4",
    lowStockThreshold: 10,
    autoBackup: false,
    /** Backups kept (docs/decisions/backups.md): older ones are removed after each new one. */
    backupKeep: 14,
    emailNotifications: true,
    smsNotifications: false,
    quoteValidDays: 30,
  },
  security: {
    sessionTimeoutHours: 8,
    twoFactor: false,
    loginAlerts: true,
    forcePasswordChange: false,
    /** With forcePasswordChange: days a password may be used before its user must choose a new one. */
    passwordMaxAgeDays: 90,
    minPasswordLength: 8,
    requireNumbers: true,
    requireSpecial: true,
    requireUppercase: true,
    /** Days a portal link works after it is made or last renewed (a quote sent to the customer). */
    portalLinkDays: 90,
  },
};

export type Settings = typeof SETTINGS_DEFAULTS;
export type SettingsSection = keyof Settings;

// Every request reads settings (session timeout, time zone); they change rarely. A short cache
// per process, cleared by a save in any web process of this machine (forgetEverywhere); web
// processes on other machines see a change within 5 s.
const CACHE_MS = 5_000;
let cached: { at: number; value: Promise<Settings> } | undefined;
onForget("settings", () => (cached = undefined));

export function getSettings(db: Executor): Promise<Settings> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = loadSettings(db);
  cached = { at: Date.now(), value };
  value.catch(() => (cached = undefined));
  return value;
}

/** The stored settings without the cache: a job in another process acting on a switch reads these. */
export function readSettings(db: Executor): Promise<Settings> {
  return loadSettings(db);
}

async function loadSettings(db: Executor): Promise<Settings> {
  const stored = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.keys(SETTINGS_DEFAULTS)));
  const result = structuredClone(SETTINGS_DEFAULTS);
  for (const row of stored) {
    const key = row.key as SettingsSection;
    Object.assign(result[key], row.value as object);
  }
  return result;
}

export async function saveSettings<K extends SettingsSection>(db: Executor, section: K, value: Partial<Settings[K]>) {
  cached = undefined;
  const current = (await loadSettings(db))[section];
  const merged = { ...current, ...value };
  await db
    .insert(settings)
    .values({ key: section, value: merged })
    .onConflictDoUpdate({ target: settings.key, set: { value: merged, updatedAt: new Date() } });
  await forgetEverywhere("settings");
  return merged as Settings[K];
}

export async function deleteSetting(db: Executor, section: SettingsSection) {
  await db.delete(settings).where(eq(settings.key, section));
  await forgetEverywhere("settings");
}

/** Security → password rules, for every form that sets a password and the hint beside it. */
export async function getPasswordPolicy(db: Executor): Promise<PasswordPolicy> {
  const { minPasswordLength, requireNumbers, requireSpecial, requireUppercase } = (await getSettings(db)).security;
  return { minPasswordLength, requireNumbers, requireSpecial, requireUppercase };
}
