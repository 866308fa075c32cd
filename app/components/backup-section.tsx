// Settings → System → Backups (docs/decisions/backups.md), the owner's only: the daily switch and
// the number kept, "Back up now", and the list of backups with size, time and a download. Plain
// forms posting to /settings/system/backups, so it works without JavaScript; with it, the list
// refreshes itself while a backup runs.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Badge, Button, Flex, Heading, Text } from "~/components/ui";
import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { CheckboxField, ErrorList, Field } from "~/components/forms";
import { DataTable } from "~/components/data-table";
import { BackupSettingsSchema, BACKUP_KEEP_MAX, BACKUP_KEEP_MIN } from "~/schemas/backup";
import { formatDateTime } from "~/utils/dates";
import { useDisplay } from "./date-display";

export const BACKUPS_ACTION = "/settings/system/backups";

type BackupItem = {
  id: number;
  status: string;
  trigger: string;
  size: number | null;
  error: string | null;
  createdAt: string;
  filename: string;
};

export type BackupSectionProps = {
  autoBackup: boolean;
  backupKeep: number;
  timeZone: string;
  backups: BackupItem[];
  inProgress: boolean;
};

const STATUS: Record<string, { label: string; color: "green" | "blue" | "red" | "gray" }> = {
  done: { label: "Ready", color: "green" },
  queued: { label: "Waiting to start", color: "blue" },
  running: { label: "Running", color: "blue" },
  failed: { label: "Failed", color: "red" },
};

/** 1234567 → "1.2 MB". */
export function formatBytes(bytes: number | null) {
  if (bytes === null || bytes === undefined) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export function BackupSection({ data, lastResult }: { data: BackupSectionProps; lastResult?: SubmissionResult }) {
  const display = useDisplay();
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" && navigation.formAction === BACKUPS_ACTION;
  const startingNow = posting && navigation.formData?.get("intent") === "backup-now";
  const [form, fields] = useForm({
    id: "backup-settings",
    lastResult,
    defaultValue: { autoBackup: data.autoBackup ? "on" : undefined, backupKeep: String(data.backupKeep) },
    constraint: getZodConstraint(BackupSettingsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BackupSettingsSchema }),
  });

  // With JavaScript, the list refreshes every few seconds while a backup runs.
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!data.inProgress) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [data.inProgress, revalidator]);

  const running = data.backups.find((b) => b.status === "queued" || b.status === "running");
  const lastDone = data.backups.find((b) => b.status === "done");
  const lastFailed = data.backups[0]?.status === "failed" ? data.backups[0] : undefined;

  return (
    <section id="backups" aria-labelledby="backups-heading" className="backup-section">
      <Heading as="h2" size="4" mt="5" mb="2" id="backups-heading">
        Backups
      </Heading>
      <p className="settings-note">
        A backup is a complete copy of the database (customers, jobs, quotes, invoices, payments, users and settings),
        stored with the photos. Photos themselves stay where they are; each backup lists them. Restore one with{" "}
        <code>npm run db:restore -- FILE</code> (see the README).
      </p>
      <Form method="post" action={BACKUPS_ACTION} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save-backups" />
        <Flex direction="column" gap="3" mt="3">
          <CheckboxField
            label="Auto backup: make a backup every day"
            inputProps={getInputProps(fields.autoBackup, { type: "checkbox" })}
            errors={fields.autoBackup.errors}
          />
          <div className="backup-keep">
            <Field
              label="Backups to keep"
              inputProps={{
                ...getInputProps(fields.backupKeep, { type: "number" }),
                step: 1,
                min: BACKUP_KEEP_MIN,
                max: BACKUP_KEEP_MAX,
              }}
              errors={fields.backupKeep.errors}
            />
          </div>
          <Text as="p" size="1" color="gray">
            After each new backup, older ones beyond this number are deleted.
          </Text>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Flex justify="end">
            <Button type="submit" disabled={posting}>
              {posting && !startingNow ? "Saving..." : "Save Backup Settings"}
            </Button>
          </Flex>
        </Flex>
      </Form>
      <Flex direction="column" gap="2" mt="4">
        {running ? (
          <p role="status" className="backup-status">
            A backup is running (started {formatDateTime(running.createdAt, display)}). It is listed here when it is
            done; reload the page to see it.
          </p>
        ) : lastFailed ? (
          <p role="alert" className="backup-status backup-failed">
            The last backup failed: {lastFailed.error ?? "unknown error"}
          </p>
        ) : (
          <p className="settings-note">
            {lastDone ? `Last backup: ${formatDateTime(lastDone.createdAt, display)}.` : "No backup has been made yet."}
          </p>
        )}
        <Form method="post" action={BACKUPS_ACTION}>
          <input type="hidden" name="intent" value="backup-now" />
          <Button type="submit" variant="soft" disabled={Boolean(running) || startingNow}>
            {startingNow ? "Starting..." : running ? "Backup running..." : "Back up now"}
          </Button>
        </Form>
      </Flex>
      {data.backups.length > 0 ? (
        <div className="backup-list">
          <DataTable label="Backups" headers={["Backup", "Status", { label: "Size", numeric: true }, "Download"]}>
            {data.backups.map((b) => {
              const status = STATUS[b.status] ?? { label: b.status, color: "gray" as const };
              return (
                <tr key={b.id}>
                  <td className="c-main">
                    <strong>{formatDateTime(b.createdAt, display)}</strong>
                    <div className="small muted">{b.trigger === "schedule" ? "Daily" : "Back up now"}</div>
                    {b.status === "failed" && b.error ? <div className="small backup-error">{b.error}</div> : null}
                  </td>
                  <td className="c-status">
                    <Badge color={status.color}>{status.label}</Badge>
                  </td>
                  <td className="c-money num">{formatBytes(b.size)}</td>
                  <td className="c-actions">
                    {b.status === "done" ? (
                      <a
                        className="backup-download"
                        href={`${BACKUPS_ACTION}/${b.id}`}
                        download={b.filename}
                        aria-label={`Download backup of ${formatDateTime(b.createdAt, display)}`}
                      >
                        Download
                      </a>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        </div>
      ) : null}
    </section>
  );
}
