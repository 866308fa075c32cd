import { Text } from "~/components/ui";
import { useId, type ComponentProps, type ReactNode } from "react";
import { ErrorList, errorsOf, type ListOfErrors } from "./forms";

export type Option = { value: string; label: string };

/**
 * Label + native <select> (works without JS, keyboard friendly) + errors linked by
 * aria-describedby. Options come as `options` or as <option> children.
 */
export function SelectField({
  label,
  selectProps,
  options,
  errors,
  children,
}: {
  label: string;
  selectProps: ComponentProps<"select">;
  options?: Option[];
  errors?: ListOfErrors;
  children?: ReactNode;
}) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errorsOf(errors).length ? `${id}-error` : undefined;
  // conform passes defaultValue possibly undefined; an uncontrolled native select wants a string.
  const { defaultValue, ...rest } = selectProps;
  const initial = "value" in rest ? {} : { defaultValue: defaultValue ?? "" };
  return (
    <div>
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: "block" }}>
        {label}
      </Text>
      <select
        className="native-select full"
        {...rest}
        {...initial}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      >
        {options
          ? options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))
          : children}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** "in-progress" → "In Progress". */
export function labelOf(value: string) {
  return value
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

export const toOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: labelOf(v) }));
