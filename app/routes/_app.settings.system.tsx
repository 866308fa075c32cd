import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Box, Card, Flex, Grid, Heading, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ImportForm } from "~/components/import-form";
import { NotificationSettingsForm } from "~/components/notification-settings";
import { notificationSettingsState } from "~/services/notifications.server";
import { getDb } from "~/utils/db.server";
import { Field } from "~/components/forms";
import { SettingsTabSave, useSettingsTabForm } from "~/components/settings-tab";
import { SelectField } from "~/components/select-field";
import { EXPORT_LABELS, EXPORTS, exportPath } from "~/schemas/export";
import { DATE_FORMATS, MEASUREMENT_UNITS, PAPER_SIZES, SystemSettingsSchema, US_TIME_ZONES } from "~/schemas/settings";
import { loadSettingsTab, saveSettingsTab } from "~/forms/settings-tab.server";
import { businessToday, formatDate } from "~/utils/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useDisplay } from "~/components/date-display";
import { BackupSection } from "~/components/backup-section";
import { loadBackupSection } from "~/forms/backups.server";

// Settings → System (spec §2). The time zone decides "today" and "overdue" everywhere (decisions
// §6) and quote valid days the default validUntil of a new quote. Owner and office. Data
// Management links the CSV exports (settings.system.export.$file.ts) and posts the customers
// import to /settings/system/import.

/** The day the Date Format options show as their example. */
const SAMPLE_DAY = "2026-11-23";

export async function loader({ request }: LoaderFunctionArgs) {
  const system = await loadSettingsTab(request, "system");
  // The zone list comes from the server (its ICU), so the page and the validator agree.
  const us = new Set<string>(US_TIME_ZONES.map((z) => z.value));
  const otherZones = Intl.supportedValuesOf("timeZone").filter((z) => !us.has(z));
  if (!us.has(system.timeZone) && !otherZones.includes(system.timeZone)) otherZones.unshift(system.timeZone);
  // Notifications (docs/decisions/notifications.md): their own form, posted to /settings/system/notifications.
  const notifications = await notificationSettingsState(await getDb());
  // Backups (the owner's only; null for office): app/forms/backups.server.ts.
  const backups = await loadBackupSection(request);
  return json({ system, otherZones, today: businessToday(system.timeZone), notifications, backups });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveSettingsTab(request, "system");
}

export default function SystemSettings() {
  const display = useDisplay();
  const { system, otherZones, today, notifications, backups } = useLoaderData<typeof loader>();
  const [form, fields] = useSettingsTabForm("system-settings", SystemSettingsSchema, {
    ...system,
    lowStockThreshold: String(system.lowStockThreshold),
    quoteValidDays: String(system.quoteValidDays),
  });
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <div>
            <Heading as="h2" size="4">
              System Preferences
            </Heading>
            <Text as="p" size="2" color="gray">
              Today is {formatDate(today, display)} in the business time zone; it decides what is due and overdue.
            </Text>
          </div>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <SelectField
              label="Time Zone"
              selectProps={getSelectProps(fields.timeZone)}
              errors={fields.timeZone.errors}
            >
              <optgroup label="United States">
                {US_TIME_ZONES.map((z) => (
                  <option key={z.value} value={z.value}>
                    {z.label}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Other time zones">
                {otherZones.map((z) => (
                  <option key={z} value={z}>
                    {z.replace(/_/g, " ")}
                  </option>
                ))}
              </optgroup>
            </SelectField>
            <Field
              label="Quote Valid Days"
              inputProps={{ ...getInputProps(fields.quoteValidDays, { type: "number" }), step: 1 }}
              errors={fields.quoteValidDays.errors}
            />
            <SelectField
              label="Date Format"
              selectProps={getSelectProps(fields.dateFormat)}
              options={DATE_FORMATS.map((f) => ({
                value: f,
                label: `${f} (${formatDate(SAMPLE_DAY, { ...system, dateFormat: f })})`,
              }))}
              errors={fields.dateFormat.errors}
            />
            <SelectField
              label="Time Format"
              selectProps={getSelectProps(fields.timeFormat)}
              options={[
                { value: "12", label: "12-hour (2:30 PM)" },
                { value: "24", label: "24-hour (14:30)" },
              ]}
              errors={fields.timeFormat.errors}
            />
            <SelectField
              label="Measurement Unit"
              selectProps={getSelectProps(fields.measurementUnit)}
              options={MEASUREMENT_UNITS.map((u) => ({
                value: u,
                label: u === "imperial" ? "Imperial (in, ft)" : "Metric (mm, m)",
              }))}
              errors={fields.measurementUnit.errors}
            />
            <SelectField
              label="Paper Size"
              selectProps={getSelectProps(fields.paperSize)}
              options={PAPER_SIZES.map((p) => ({
                value: p,
                label: p === "A4" ? "A4 (210 × 297 mm)" : "Letter (8.5 × 11 in)",
              }))}
              errors={fields.paperSize.errors}
            />
            <Field
              label="Low Stock Threshold"
              inputProps={{ ...getInputProps(fields.lowStockThreshold, { type: "number" }), step: 1 }}
              errors={fields.lowStockThreshold.errors}
            />
          </Grid>
          <p className="settings-note">
            New quotes are valid for the quote valid days. The date and time format apply to every screen, PDF and
            e-mail (CSV exports and the API keep ISO dates); with metric, quantities in feet, board feet, gallons and
            pounds also show in metres, cubic metres, litres and kilograms. Paper size is that of the quote, invoice and
            report PDFs.
          </p>
          <SettingsTabSave form={form} label="Save System Preferences" />
        </Flex>
      </Form>
      {/* Notifications: a section and form of their own (docs/decisions/notifications.md). */}
      <Box mt="5">
        <NotificationSettingsForm state={notifications} />
      </Box>
      <Heading as="h2" size="4" mt="5" mb="2">
        Data Management
      </Heading>
      <Heading as="h3" size="3" mb="1">
        Export Data
      </Heading>
      <p className="settings-note">
        Download a CSV file (UTF-8, one row per record, amounts as exact decimals, dates as ISO) of all your customers,
        jobs, quotes, invoices or inventory items. Text that a spreadsheet would run as a formula starts with an
        apostrophe.
      </p>
      <ul className="csv-export-links" aria-label="Export Data">
        {EXPORTS.map((name) => (
          <li key={name}>
            <a href={exportPath(name)} download>
              {EXPORT_LABELS[name]} (CSV)
            </a>
          </li>
        ))}
      </ul>
      <Heading as="h3" size="3" mt="4" mb="1">
        Import Data
      </Heading>
      <ImportForm />
      {backups ? <BackupSection data={backups} /> : null}
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
