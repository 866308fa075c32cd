import { Button, Flex, TextField } from "~/components/ui";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { labelOf, type Option } from "./select-field";
import { useFilterSubmit } from "./use-filter-submit";
import { SpriteIcon } from "./sprite-icon";

/**
 * The filter bar of a list: a GET form (linkable URL, works without JS) with the search box,
 * the list's own selects as children, a submit button and Clear. With JS it applies as you type
 * or choose.
 */
export function ListFilters({
  list: { search, filtered },
  searchLabel,
  placeholder,
  submitLabel = "Search",
  children,
}: {
  /** What parseListSearch read: the search box's value, and whether anything is filtered (Clear). */
  list: { search: string; filtered: boolean };
  searchLabel: string;
  placeholder: string;
  submitLabel?: string;
  children?: ReactNode;
}) {
  const applyFilters = useFilterSubmit();
  return (
    <Form method="get" role="search" aria-label={searchLabel} className="list-search" onChange={applyFilters}>
      <Flex gap="2" mb="4" align="center" wrap="wrap">
        <TextField.Root
          name="search"
          type="search"
          defaultValue={search}
          placeholder={placeholder}
          aria-label={searchLabel}
          maxLength={200}
          // At least 12rem: beside a list's several selects (Inventory's three and a checkbox at 768 px)
          // the box shrank to its icon and "Search" cut; the selects wrap to the next line instead.
          style={{ flex: "1 1 12rem", maxWidth: 420 }}
        >
          <TextField.Slot>
            <SpriteIcon name="search" />
          </TextField.Slot>
        </TextField.Root>
        {children}
        <Button type="submit" variant="soft">
          {submitLabel}
        </Button>
        {filtered ? (
          <Button asChild variant="ghost" color="gray">
            <Link to=".">Clear</Link>
          </Button>
        ) : null}
      </Flex>
    </Form>
  );
}

/**
 * A filter's native select. Its first option, `allLabel` ("All statuses"), sends "" — no filter
 * (app/utils/list-search.ts); `options` are values (labelled "In Progress") or value/label pairs.
 */
export function FilterSelect({
  name,
  value,
  allLabel,
  options,
  label = `Filter by ${name}`,
}: {
  name: string;
  value: string | number | null;
  allLabel: string;
  options: readonly string[] | readonly Option[];
  label?: string;
}) {
  const list = options.map((o) => (typeof o === "string" ? { value: o, label: labelOf(o) } : o));
  return (
    <select name={name} defaultValue={value ?? ""} className="native-select" aria-label={label}>
      <option value="">{allLabel}</option>
      {list.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
