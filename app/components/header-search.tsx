// The header's universal search (spec §2; issue 14 item 6; docs/decisions/search.md). Without
// JavaScript it is a GET form to /search. With it, typing loads the same loader and shows at most
// 8 results under the box (type badge, subtitle, "Status: …"); arrow keys and Enter choose one,
// Escape and a click outside close the list, and choosing navigates and clears the box. Enter
// with nothing highlighted submits the form: the /search page.
import { Badge, TextField } from "@radix-ui/themes";
import { Form, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useCombobox } from "downshift";
import { useEffect, useRef, useState } from "react";
import type { loader as searchLoader } from "~/routes/_app.search";
import { SpriteIcon } from "./sprite-icon";

const DEBOUNCE_MS = 150;

type Color = React.ComponentProps<typeof Badge>["color"];
export const SEARCH_BADGE_COLOR: Record<string, Color> = {
  Customer: "blue",
  Job: "green",
  Quote: "amber",
  Invoice: "purple",
};

export function HeaderSearch() {
  const [params] = useSearchParams();
  const location = useLocation();
  const current = location.pathname === "/search" ? (params.get("q") ?? "") : "";
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof searchLoader>();
  const [term, setTerm] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => setTerm(current), [current]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const typed = term.trim();
  const answered = fetcher.data && fetcher.data.q.trim() === typed ? fetcher.data : null;
  const results = typed && answered ? answered.results : [];

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, closeMenu } = useCombobox({
    items: results,
    inputValue: term,
    selectedItem: null,
    itemToString: () => "",
    itemToKey: (item) => (item ? `${item.type}-${item.id}` : null),
    onInputValueChange: ({ inputValue, type }) => {
      if (type !== useCombobox.stateChangeTypes.InputChange) return;
      const value = inputValue ?? "";
      setTerm(value);
      clearTimeout(timer.current);
      if (!value.trim()) return;
      timer.current = setTimeout(() => fetcher.load(`/search?q=${encodeURIComponent(value.trim())}`), DEBOUNCE_MS);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      // Choosing a result clears the box (spec §2) and opens the record.
      setTerm("");
      closeMenu();
      navigate(selectedItem.href);
    },
  });

  const open = isOpen && typed !== "";
  return (
    <Form method="get" action="/search" role="search" aria-label="Search everything" className="header-search">
      <div className="picker-control">
        <TextField.Root
          {...getInputProps({
            name: "q",
            type: "search",
            placeholder: "Search customers, jobs, quotes...",
            "aria-label": "Search customers, jobs, quotes",
            maxLength: 200,
            onKeyDown: (event) => {
              // Enter with nothing highlighted searches: the form goes to the /search page.
              if (event.key === "Enter" && highlightedIndex < 0) {
                (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault =
                  true;
                closeMenu();
              }
            },
          })}
          autoComplete="off"
        >
          <TextField.Slot>
            <SpriteIcon name="search" />
          </TextField.Slot>
        </TextField.Root>
        <ul
          {...getMenuProps({ "aria-label": "Search results" })}
          className="picker-menu search-menu"
          style={{ maxHeight: "min(70vh, 34rem)" }}
          data-open={open || undefined}
          data-testid="search-menu"
        >
          {open
            ? results.map((item, index) => (
                <li
                  key={`${item.type}-${item.id}`}
                  className="picker-option search-option"
                  data-highlighted={highlightedIndex === index || undefined}
                  data-testid="search-option"
                  {...getItemProps({ item, index })}
                >
                  <span style={{ display: "flex", gap: "0.4rem", alignItems: "center", minWidth: 0 }}>
                    <Badge color={SEARCH_BADGE_COLOR[item.type]} size="1">
                      {item.type}
                    </Badge>
                    <span className="picker-option-label">{item.title}</span>
                  </span>
                  <span className="picker-option-detail">
                    {item.subtitle}
                    {item.status ? ` · Status: ${item.status}` : ""}
                  </span>
                </li>
              ))
            : null}
          {open && results.length === 0 ? (
            <li className="picker-empty" role="presentation" data-testid="search-empty">
              {answered ? `No results found for "${typed}"` : "Searching…"}
            </li>
          ) : null}
        </ul>
      </div>
    </Form>
  );
}
