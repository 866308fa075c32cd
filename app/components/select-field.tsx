import { Text } from "@radix-ui/themes";
import { useId, type ComponentProps, type ReactNode } from "react";
import { ErrorList, type ListOfErrors } from "./forms";

/** A labelled native <select> (works without JS) with its errors linked by aria-describedby. */
export function SelectField({ label, selectProps, errors, children }: { label: string; selectProps: ComponentProps<"select">; errors?: ListOfErrors; children: ReactNode }) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div>
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: "block" }}>
        {label}
      </Text>
      <select className="native-select full" id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...selectProps}>
        {children}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
