// Persisted settings with defaults from spec §9 and decisions §6 (one JSON value per section).
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { settings } from "../../db/schema";

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
    dateFormat: "MM/DD/YYYY",
    timeFormat: "12",
    timeZone: process.env.BUSINESS_TIME_ZONE || "America/New_York",
    measurementUnit: "imperial",
    lowStockThreshold: 10,
    autoBackup: false,
    emailNotifications: true,
    smsNotifications: false,
    quoteValidDays: 30,
  },
  security: {
    sessionTimeoutHours: 8,
    twoFactor: false,
    loginAlerts: true,
    forcePasswordChange: false,
    minPasswordLength: 8,
    requireNumbers: true,
    requireSpecial: true,
    requireUppercase: true,
  },
};

export type Settings = typeof SETTINGS_DEFAULTS;
export type SettingsSection = keyof Settings;

export async function getSettings(db: Executor): Promise<Settings> {
  const stored = await db.select().from(settings).where(inArray(settings.key, Object.keys(SETTINGS_DEFAULTS)));
  const result = structuredClone(SETTINGS_DEFAULTS);
  for (const row of stored) {
    const key = row.key as SettingsSection;
    Object.assign(result[key], row.value as object);
  }
  return result;
}

export async function saveSettings<K extends SettingsSection>(db: Executor, section: K, value: Partial<Settings[K]>) {
  const current = (await getSettings(db))[section];
  const merged = { ...current, ...value };
  await db
    .insert(settings)
    .values({ key: section, value: merged })
    .onConflictDoUpdate({ target: settings.key, set: { value: merged, updatedAt: new Date() } });
  return merged as Settings[K];
}

export async function deleteSetting(db: Executor, section: SettingsSection) {
  await db.delete(settings).where(eq(settings.key, section));
}
