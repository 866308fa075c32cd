import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Button, Flex, Grid, Text } from "~/components/ui";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { EVENT_STATUSES, EVENT_TYPES, EventFormSchema } from "~/schemas/event";
import { formatInZone, isDateOnly, isTimeOnly, zonedToInstant, addDays } from "~/utils/dates";
import {
  CUSTOMER_AND_JOB_PICKERS,
  type CustomerPickerRow,
  type JobPickerRow,
  type PickerLookups,
} from "~/utils/picker";
import { DefaultSubmit, ErrorList, Field, TextareaField } from "./forms";
import { RecordPicker, validateUnlessFinding } from "./record-picker";
import { SelectField, toOptions } from "./select-field";
import { useDisplay } from "./date-display";

export type ConflictView = {
  resourceName: string;
  conflictingEvent: { title: string; startAt: string; endAt: string };
};

export type EventFormOptions = {
  jobs: JobPickerRow[];
  customers: CustomerPickerRow[];
  resources: { id: number; name: string; active: boolean }[];
};

const CONFLICT_DEBOUNCE_MS = 500; // spec §9

function asList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

export function ConflictList({ conflicts }: { conflicts: ConflictView[]; timeZone: string }) {
  const display = useDisplay();
  if (!conflicts.length) return null;
  return (
    <div className="conflict-box" role="alert" data-testid="conflicts">
      <Text as="p" size="2" weight="bold" color="red">
        Scheduling conflict{conflicts.length === 1 ? "" : "s"}
      </Text>
      <ul style={{ margin: "0.25rem 0 0", paddingLeft: "1.1rem" }}>
        {conflicts.map((c, i) => (
          <li key={i}>
            <Text size="2">
              {c.resourceName} is booked for “{c.conflictingEvent.title}”{" "}
              {formatInZone(c.conflictingEvent.startAt, "MMM d, h:mm a", display)} –{" "}
              {formatInZone(c.conflictingEvent.endAt, "h:mm a", display)}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function EventForm({
  lastResult,
  pickers,
  conflicts,
  defaultValue,
  options,
  timeZone,
  excludeEventId,
  cancelTo,
  mode,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  /** The action's word on the job and customer pickers (a Find's matches, the chosen records). */
  pickers?: PickerLookups | null;
  /** Conflicts the server found on the last submit: the next one may force it. */
  conflicts: ConflictView[];
  defaultValue: Record<string, unknown>;
  options: EventFormOptions;
  timeZone: string;
  excludeEventId?: number;
  cancelTo: string;
  mode: "create" | "update";
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "event-form",
    lastResult,
    defaultValue: defaultValue as Record<string, string>,
    constraint: getZodConstraint(EventFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateUnlessFinding(formData, CUSTOMER_AND_JOB_PICKERS, EventFormSchema),
  });
  const selected = new Set(asList(fields.resourceIds.initialValue ?? defaultValue.resourceIds));
  const allDayDefault = ["true", "on"].includes(String(fields.allDay.initialValue ?? defaultValue.allDay ?? ""));

  // With JS: the conflict check runs 500 ms after resources, date or times change.
  const check = useFetcher<{ conflicts?: ConflictView[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [checked, setChecked] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Choosing a job sets its customer (the server applies the same rule).
  const [jobCustomer, setJobCustomer] = useState<CustomerPickerRow | null>(null);

  function scheduleCheck(formElement: HTMLFormElement) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const data = new FormData(formElement);
      const date = String(data.get("date") ?? "");
      const start = String(data.get("startTime") ?? "");
      const end = String(data.get("endTime") ?? "");
      const allDay = data.get("allDay") !== null;
      const resourceIds = data.getAll("resourceIds").map(Number);
      if (!isDateOnly(date) || (!allDay && (!isTimeOnly(start) || !isTimeOnly(end)))) return;
      const startAt = allDay ? zonedToInstant(date, "00:00", timeZone) : zonedToInstant(date, start, timeZone);
      const endAt = allDay ? zonedToInstant(addDays(date, 1), "00:00", timeZone) : zonedToInstant(date, end, timeZone);
      if (endAt <= startAt) return;
      setChecked(true);
      check.submit(
        {
          resourceIds,
          startAt: startAt.toISOString(),
          endAt: endAt.toISOString(),
          excludeEventId: excludeEventId ?? null,
        },
        { method: "post", action: "/api/schedule/conflicts", encType: "application/json" },
      );
    }, CONFLICT_DEBOUNCE_MS);
  }

  const live = checked && check.data?.conflicts ? check.data.conflicts : null;
  const shown = live ?? conflicts;
  const anyway = mode === "create" ? "Create Anyway" : "Update Anyway";

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onChange={(event) => {
        const target = event.target as HTMLInputElement | HTMLSelectElement;
        if (["resourceIds", "date", "startTime", "endTime", "allDay"].includes(target.name))
          scheduleCheck(event.currentTarget);
      }}
    >
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <Field label="Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <SelectField
            label="Type"
            selectProps={getSelectProps(fields.type)}
            options={toOptions(EVENT_TYPES)}
            errors={fields.type.errors}
          />
          <SelectField
            label="Status"
            selectProps={getSelectProps(fields.status)}
            options={EVENT_STATUSES.map((s) => ({
              value: s,
              label: s === "done" ? "Completed" : toOptions([s])[0].label,
            }))}
            errors={fields.status.errors}
          />
        </Grid>
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <Field label="Date" inputProps={getInputProps(fields.date, { type: "date" })} errors={fields.date.errors} />
          <Field
            label="Start Time"
            inputProps={getInputProps(fields.startTime, { type: "time" })}
            errors={fields.startTime.errors}
          />
          <Field
            label="End Time"
            inputProps={getInputProps(fields.endTime, { type: "time" })}
            errors={fields.endTime.errors}
          />
        </Grid>
        <Text as="label" size="2">
          <input type="checkbox" name="allDay" value="true" defaultChecked={allDayDefault} key={`allDay-${form.key}`} />{" "}
          All day (ends the next day at midnight)
        </Text>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="rt-Text rt-r-size-2 rt-r-weight-medium" style={{ marginBottom: "0.25rem" }}>
            Resources
          </legend>
          <div className="resource-picker" key={`resources-${form.key}`}>
            {options.resources
              .filter((r) => r.active || selected.has(String(r.id)))
              .map((r) => (
                <Text as="label" size="2" key={r.id}>
                  <input type="checkbox" name="resourceIds" value={r.id} defaultChecked={selected.has(String(r.id))} />{" "}
                  {r.name}
                </Text>
              ))}
          </div>
          <ErrorList errors={fields.resourceIds.allErrors} />
        </fieldset>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <RecordPicker
            kind="job"
            label="Job"
            field={fields.jobId}
            options={options.jobs}
            lookup={pickers?.jobId}
            empty={{ value: "none", label: "None" }}
            onPick={(job) =>
              job && setJobCustomer({ id: job.customerId, name: job.customerName, email: null, phone: null })
            }
          />
          <RecordPicker
            kind="customer"
            label="Customer"
            field={fields.customerId}
            options={options.customers}
            lookup={pickers?.customerId}
            empty={{ value: "none", label: "None" }}
            pick={jobCustomer}
          />
        </Grid>
        <Field
          label="Location"
          inputProps={getInputProps(fields.location, { type: "text" })}
          errors={fields.location.errors}
        />
        <TextareaField
          label="Notes"
          textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
          errors={fields.notes.errors}
        />
        <ConflictList conflicts={shown} timeZone={timeZone} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Flex gap="3" justify="end" mt="2">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo} preventScrollReset>
              Cancel
            </Link>
          </Button>
          {conflicts.length ? (
            <Button type="submit" name="force" value="1" color="orange" disabled={pending}>
              {anyway}
            </Button>
          ) : (
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : mode === "create" ? "Create Event" : "Update Event"}
            </Button>
          )}
        </Flex>
      </Flex>
    </Form>
  );
}
