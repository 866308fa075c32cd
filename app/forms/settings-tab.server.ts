// The loader and action of the Settings tabs that each edit one section of the settings (Business,
// System, Security): who may read and write it, its schema, its toast. The routes hold the forms.
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { getSettings, saveSettings, type Settings } from "~/models/settings.server";
import { BusinessSettingsSchema, SecuritySettingsSchema, SystemSettingsSchema } from "~/schemas/settings";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import type { Area } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";

type Tab<S extends ZodTypeAny, K extends keyof Settings> = {
  area: Area;
  schema: S;
  toast: { title: string; description: string };
  /** The stored value from the valid form, when it is not the form's value as is. */
  toStored?: (value: z.infer<S>) => Partial<Settings[K]>;
};

const tab = <S extends ZodTypeAny, K extends keyof Settings>(t: Tab<S, K>) => t;

const TABS = {
  business: tab<typeof BusinessSettingsSchema, "business">({
    area: "settings",
    schema: BusinessSettingsSchema,
    toast: { title: "Business Settings Updated", description: "Your business details have been saved." },
    // Cleared optional fields are stored as "" so the demo defaults do not come back.
    toStored: (v) => ({
      ...v,
      streetAddress: v.streetAddress ?? "",
      city: v.city ?? "",
      state: v.state ?? "",
      zipCode: v.zipCode ?? "",
      phone: v.phone ?? "",
      email: v.email ?? "",
      website: v.website ?? "",
    }),
  }),
  system: tab<typeof SystemSettingsSchema, "system">({
    area: "settings",
    schema: SystemSettingsSchema,
    toast: { title: "System Preferences Updated", description: "Your system preferences have been saved." },
  }),
  // The owner's (decisions §2).
  security: tab<typeof SecuritySettingsSchema, "security">({
    area: "security",
    schema: SecuritySettingsSchema,
    toast: { title: "Security Settings Updated", description: "Your security settings have been saved." },
  }),
};

type Section = keyof typeof TABS;

/** The section the tab shows, for a user who may read it. */
export async function loadSettingsTab<K extends Section>(request: Request, section: K): Promise<Settings[K]> {
  await requirePermission(request, TABS[section].area);
  return (await getSettings(await getDb()))[section];
}

/** Saves the posted form (400 with the form's errors when invalid), then back to the tab with a toast. */
export async function saveSettingsTab(request: Request, section: Section) {
  const { area, schema, toast, toStored } = TABS[section] as Tab<ZodTypeAny, Section>;
  await requirePermission(request, area, "write");
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  await saveSettings(await getDb(), section, toStored ? toStored(submission.value) : submission.value);
  return redirectWithToast(request, `/settings/${section}`, toast);
}
