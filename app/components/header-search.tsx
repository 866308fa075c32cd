// The header's universal search (spec §2; issue 14 item 6; docs/decisions/search.md). Without
// JavaScript it is a GET form to /search. With it, the type-ahead list under the box
// (header-search-combobox.tsx, with downshift) loads on the box's first focus or hover, so pages
// do not carry it in their first load; what was typed meanwhile carries over.
import { Badge, TextField } from "~/components/ui";
import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import type { SearchComboboxProps } from "./header-search-combobox";
import { SpriteIcon } from "./sprite-icon";

type Color = React.ComponentProps<typeof Badge>["color"];
export const SEARCH_BADGE_COLOR: Record<string, Color> = {
  Customer: "blue",
  Job: "green",
  Quote: "amber",
  Invoice: "purple",
};

/** The box's name, placeholder and limit (the same before and after the type-ahead loads). */
export const SEARCH_INPUT = {
  name: "q",
  type: "search",
  placeholder: "Search customers, jobs, quotes...",
  "aria-label": "Search customers, jobs, quotes",
  maxLength: 200,
} as const;

export function HeaderSearch() {
  const [params] = useSearchParams();
  const location = useLocation();
  const current = location.pathname === "/search" ? (params.get("q") ?? "") : "";
  const [term, setTerm] = useState(current);
  useEffect(() => setTerm(current), [current]);
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);
  const loading = useRef(false);
  const [focused, setFocused] = useState(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import("./header-search-combobox").then(
      (m) => setCombobox(() => m.SearchCombobox),
      () => (loading.current = false), // offline: the plain form still searches; try again later
    );
  };

  return (
    <Form method="get" action="/search" role="search" aria-label="Search everything" className="header-search">
      <div className="picker-control">
        {Combobox ? (
          <Combobox term={term} setTerm={setTerm} autoFocus={focused} />
        ) : (
          <TextField.Root
            {...SEARCH_INPUT}
            role="combobox"
            aria-expanded={false}
            aria-autocomplete="list"
            autoComplete="off"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            onPointerEnter={load}
            onFocus={() => {
              setFocused(true);
              load();
            }}
            onBlur={() => setFocused(false)}
          >
            <TextField.Slot>
              <SpriteIcon name="search" />
            </TextField.Slot>
          </TextField.Root>
        )}
      </div>
    </Form>
  );
}
