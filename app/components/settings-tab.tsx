// The form of a Settings tab that edits one section (Business, System, Security); its loader and
// action are app/forms/settings-tab.server.ts.
import { useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Flex } from "~/components/ui";
import { useActionData, useNavigation } from "@remix-run/react";
import type { z, ZodTypeAny } from "zod";
import { ErrorList } from "./forms";

/** conform's form for the tab: the last reply from the action, validated on blur with `schema`. */
export function useSettingsTabForm<S extends ZodTypeAny>(id: string, schema: S, defaultValue: Record<string, unknown>) {
  const lastResult = useActionData() as SubmissionResult<string[]> | undefined;
  return useForm<z.input<S>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The form's own errors and its Save button ("Saving..." while it posts). */
export function SettingsTabSave({ form, label }: { form: Pick<FormMetadata, "errorId" | "errors">; label: string }) {
  const saving = useNavigation().state === "submitting";
  return (
    <>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Flex justify="end">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : label}
        </Button>
      </Flex>
    </>
  );
}
