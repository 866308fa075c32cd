import { Button, Flex, Text, TextArea, TextField } from "~/components/ui";
import { Link } from "@remix-run/react";
import { useId, type ComponentProps } from "react";

/**
 * A field's errors: a list, or conform's `allErrors` record for the field (its own errors and those
 * of its entries, `skills[0]`, `resourceIds[2]`), so an array field shows every entry's error.
 */
export type ListOfErrors =
  | Array<string | null | undefined>
  | Record<string, Array<string | null | undefined> | null | undefined>
  | null
  | undefined;

/** The errors as one list without repeats. */
export function errorsOf(errors: ListOfErrors): string[] {
  if (!errors) return [];
  const all = Array.isArray(errors) ? errors : Object.values(errors).flatMap((list) => list ?? []);
  return [...new Set(all.filter((e): e is string => Boolean(e)))];
}

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errorsOf(errors);
  if (!list?.length) return null;
  return (
    <ul id={id} className="field-error">
      {list.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

type InputProps = Omit<ComponentProps<typeof TextField.Root>, "children">;

/** Label + input + errors linked by aria-describedby (style guide). */
export function Field({ label, inputProps, errors }: { label: string; inputProps: InputProps; errors?: ListOfErrors }) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errorsOf(errors).length ? `${id}-error` : undefined;
  return (
    <div>
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: "block" }}>
        {label}
      </Text>
      <TextField.Root id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...inputProps} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type TextAreaProps = ComponentProps<typeof TextArea>;

export function TextareaField({
  label,
  textareaProps,
  errors,
}: {
  label: string;
  textareaProps: TextAreaProps;
  errors?: ListOfErrors;
}) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const errorId = errorsOf(errors).length ? `${id}-error` : undefined;
  return (
    <div>
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: "block" }}>
        {label}
      </Text>
      <TextArea id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...textareaProps} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * Enter in a text field "clicks" the form's first submit button; without this that would be a
 * row's Remove or a picker's Find. A real save button first in tree order, out of sight and out
 * of the tab order.
 */
export function DefaultSubmit() {
  return (
    <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
      Save
    </button>
  );
}

type CheckboxProps = Omit<ComponentProps<"input">, "type">;

/** A native checkbox with its label beside it (works without JS; unchecked sends nothing). */
export function CheckboxField({
  label,
  inputProps,
  errors,
}: {
  label: string;
  inputProps: CheckboxProps;
  errors?: ListOfErrors;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errorsOf(errors).length ? `${id}-error` : undefined;
  return (
    <div>
      <Text as="label" htmlFor={id} size="2" style={{ display: "flex", gap: "var(--space-2)", alignItems: "center" }}>
        <input
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          {...inputProps}
          id={id}
          type="checkbox"
        />
        {label}
      </Text>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A dialog form's footer: Cancel (back to the list, scroll kept) and the submit with its pending label. */
export function FormActions({
  cancelTo,
  pending,
  submitLabel,
  pendingLabel,
}: {
  cancelTo: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <Flex gap="3" justify="end" mt="2">
      <Button asChild variant="soft" color="gray">
        <Link to={cancelTo} preventScrollReset>
          Cancel
        </Link>
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </Flex>
  );
}

/**
 * The rows of a list field (line items, materials). A hand-made post whose list is not a list
 * (`items=x`, `items.0.x`) shows the form again with no rows instead of failing (a 500).
 */
export function listRows<F extends { initialValue?: unknown; getFieldList: () => unknown[] }>(
  field: F,
): ReturnType<F["getFieldList"]> {
  return (Array.isArray(field.initialValue ?? []) ? field.getFieldList() : []) as ReturnType<F["getFieldList"]>;
}
