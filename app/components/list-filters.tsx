import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Button, Flex, TextField } from "@radix-ui/themes";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useFilterSubmit } from "./use-filter-submit";

/**
 * The filter bar of a list: a GET form (linkable URL, works without JS) with the search box,
 * the list's own selects as children, a submit button and Clear. With JS it applies as you type
 * or choose.
 */
export function ListFilters({
  search,
  searchLabel,
  placeholder,
  filtered,
  submitLabel = "Search",
  children,
}: {
  search: string;
  searchLabel: string;
  placeholder: string;
  filtered: boolean;
  submitLabel?: string;
  children?: ReactNode;
}) {
  const applyFilters = useFilterSubmit();
  return (
    <Form method="get" role="search" className="list-search" onChange={applyFilters}>
      <Flex gap="2" mb="4" align="center" wrap="wrap">
        <TextField.Root
          name="search"
          type="search"
          defaultValue={search}
          placeholder={placeholder}
          aria-label={searchLabel}
          maxLength={200}
          style={{ flex: 1, maxWidth: 420 }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
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
