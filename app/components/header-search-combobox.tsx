// The header search's type-ahead (loaded by header-search.tsx on the box's first focus or hover):
// typing loads the /search loader and shows at most 8 results under the box (type badge, subtitle,
// "Status: …"); arrow keys and Enter choose one, Escape and a click outside close the list, and
// choosing navigates and clears the box. Enter with nothing highlighted submits the form: the
// /search page.
import { Badge, TextField } from "~/components/ui";
import { useFetcher, useNavigate } from "@remix-run/react";
import { useCombobox } from "downshift";
import { useEffect, useLayoutEffect, useRef } from "react";
import type { loader as searchLoader } from "~/routes/_app.search";
import { SEARCH_BADGE_COLOR, SEARCH_INPUT } from "./header-search";
import { SpriteIcon } from "./sprite-icon";

const DEBOUNCE_MS = 150;

export type SearchComboboxProps = {
  /** The box's text, kept by HeaderSearch (what was typed before this loaded). */
  term: string;
  setTerm: (term: string) => void;
  /** The plain box had the focus: take it over, and show the results for what is there. */
  autoFocus: boolean;
};

export function SearchCombobox({ term, setTerm, autoFocus }: SearchComboboxProps) {
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof searchLoader>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const input = useRef<HTMLInputElement>(null);
  const search = (value: string) => fetcher.load(`/search?q=${encodeURIComponent(value.trim())}`);
  useEffect(() => () => clearTimeout(timer.current), []);
  // In the commit that swaps the boxes, not after the next paint: a letter typed in between went to
  // the page, not the box ("reyes" became "ryes" on a slow tablet). This renders in the browser only.
  useLayoutEffect(() => {
    if (!autoFocus) return;
    const box = input.current;
    box?.focus();
    box?.setSelectionRange(box.value.length, box.value.length);
    if (term.trim()) search(term);
    // Once, when this replaces the plain box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const typed = term.trim();
  const answered = fetcher.data && fetcher.data.q.trim() === typed ? fetcher.data : null;
  const results = typed && answered ? answered.results : [];

  // What is typed goes to `term` in the input's own change event. Not in downshift's
  // onInputValueChange: it runs after the render, which drew the box with the old `term` meanwhile,
  // so a letter typed in between was dropped ("Wren Halloway" became "Wren Halow" on a busy tablet).
  const typeInto = (value: string) => {
    setTerm(value);
    clearTimeout(timer.current);
    if (!value.trim()) return;
    timer.current = setTimeout(() => search(value), DEBOUNCE_MS);
  };

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, closeMenu } = useCombobox({
    items: results,
    inputValue: term,
    initialIsOpen: autoFocus && term.trim() !== "",
    selectedItem: null,
    itemToString: () => "",
    itemToKey: (item) => (item ? `${item.type}-${item.id}` : null),
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
    <>
      <TextField.Root
        {...getInputProps({
          ...SEARCH_INPUT,
          ref: input,
          onChange: (event) => typeInto((event.target as HTMLInputElement).value),
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
        // Tall enough for all 8 results with two-line titles on a tablet (34rem cut the 8th in half at
        // 768 × 1024), never past the bottom of the window.
        style={{ maxHeight: "min(calc(100vh - 5rem), 44rem)" }}
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
    </>
  );
}
