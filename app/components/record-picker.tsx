import { getSelectProps, parse, type FieldMetadata, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, IconButton, Text, TextField } from "~/components/ui";
import { useCombobox } from "downshift";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { input, output, ZodTypeAny } from "zod";
import {
  FIND_PLACEHOLDER,
  findNames,
  PICKER_KINDS,
  PICKER_LIMIT,
  PICKER_SEARCH_LIMIT,
  requestedFind,
  toPickerOption,
  type PickerFields,
  type PickerKind,
  type PickerLookup,
  type PickerOption,
  type PickerRows,
} from "~/utils/picker";
import { ErrorList } from "./forms";
import { SelectField } from "./select-field";
import { SpriteIcon } from "./sprite-icon";

type Item<K extends PickerKind> = PickerOption & { row: PickerRows[K] };

const SEARCH_DEBOUNCE_MS = 200;

/**
 * One picker for a customer, job or inventory item field, progressively enhanced. The server renders a native
 * select (the loader's short list, the chosen record, or the last Find's matches) with a "Find"
 * box whose button re-renders the form through the route's action (`readPickers`); after
 * hydration it becomes a combobox that searches /api as you type and writes the chosen id into a
 * hidden input of the same name, so the action reads the same field either way.
 */
export function RecordPicker<K extends PickerKind>({
  kind,
  label,
  field,
  options,
  lookup,
  empty,
  searchable = true,
  findLabel,
  pick,
  onPick,
}: {
  kind: K;
  label: string;
  field: FieldMetadata<any, any, string[]>;
  /** The loader's short list (with the record's current choice). */
  options: PickerRows[K][];
  /** From the action: the search the select lists and its rows, or the chosen record. */
  lookup?: PickerLookup | null;
  /** The "no choice" option ("" or "none") and its label. */
  empty: { value: string; label: string };
  /** False where the user may not read the /api list: the no-JS picker then stays with JS too. */
  searchable?: boolean;
  /** The no-JS Find box's accessible name ("Find customer"), where a form has several of a kind. */
  findLabel?: string;
  /** A record chosen from outside (a job's customer); the picker shows it when it changes. */
  pick?: PickerRows[K] | null;
  onPick?: (row: PickerRows[K] | null) => void;
}) {
  const hydrated = useHydrated();
  const selectRef = useRef<HTMLSelectElement>(null);
  const lookupRows = (lookup?.rows ?? []) as PickerRows[K][];
  const rows = unique([...(pick ? [pick] : []), ...lookupRows, ...(lookup?.search ? [] : options)]);
  const items: Item<K>[] = rows.map((row) => ({ ...toPickerOption(kind, row), row }));
  const initialValue = pick ? String(pick.id) : String(field.initialValue ?? "");
  const key = `${field.key ?? ""}:${pick?.id ?? ""}`;
  if (hydrated && searchable) {
    // A choice made in the native select before hydration carries over.
    const current = selectRef.current?.value ?? initialValue;
    return (
      <PickerCombobox
        key={key}
        kind={kind}
        label={label}
        field={field}
        items={items}
        initial={items.find((i) => String(i.id) === current) ?? null}
        empty={empty}
        onPick={onPick}
      />
    );
  }
  const names = findNames(kind, field.name);
  const noun = PICKER_KINDS[kind].noun;
  const matched = lookup?.search ? lookup.matched : null;
  return (
    <div className="record-picker" key={key}>
      <SelectField
        label={label}
        selectProps={{
          ...getSelectProps(field),
          defaultValue: initialValue,
          ref: selectRef,
          onChange: onPick
            ? (event) => onPick(items.find((i) => String(i.id) === event.currentTarget.value)?.row ?? null)
            : undefined,
        }}
        errors={field.errors}
      >
        <option value={empty.value}>{empty.label}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.label}
            {item.detail ? ` — ${item.detail}` : ""}
          </option>
        ))}
      </SelectField>
      <div className="picker-find">
        <input type="hidden" name={names.listed} value={lookup?.search ?? ""} />
        <TextField.Root
          type="search"
          name={names.box}
          defaultValue={lookup?.search ?? ""}
          aria-label={findLabel ?? `Find ${noun}`}
          placeholder={FIND_PLACEHOLDER[kind]}
          size="1"
        />
        <Button type="submit" name="intent" value={names.intent} formNoValidate variant="soft" size="1">
          Find<span className="visually-hidden"> {findLabel ? findLabel.replace(/^Find /, "") : noun}</span>
        </Button>
      </div>
      {matched !== null ? (
        <Text as="p" size="1" color="gray" role="status" mt="1">
          {matched === 0
            ? `No ${noun} matches “${lookup!.search}”.`
            : matched >= PICKER_LIMIT
              ? `The first ${matched} ${noun}s matching “${lookup!.search}” are listed: add to the search to narrow it.`
              : `${matched} ${noun}${matched === 1 ? " matches" : "s match"} “${lookup!.search}”.`}
        </Text>
      ) : null}
    </div>
  );
}

function PickerCombobox<K extends PickerKind>({
  kind,
  label,
  field,
  items,
  initial,
  empty,
  onPick,
}: {
  kind: K;
  label: string;
  field: FieldMetadata<any, any, string[]>;
  items: Item<K>[];
  initial: Item<K> | null;
  empty: { value: string; label: string };
  onPick?: (row: PickerRows[K] | null) => void;
}) {
  const { noun, endpoint } = PICKER_KINDS[kind];
  const fallbackId = useId();
  const inputId = field.id ?? fallbackId;
  const errorId = field.errors?.length ? `${inputId}-error` : undefined;
  // What was typed, and the server's answer for it; until that arrives the short list is filtered here.
  const [term, setTerm] = useState("");
  const [found, setFound] = useState<{ term: string; items: Item<K>[] } | null>(null);
  const [status, setStatus] = useState<"idle" | "searching" | "failed">("idle");
  const hidden = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController>();
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  function search(typed: string) {
    clearTimeout(timer.current);
    request.current?.abort();
    const term = typed.trim();
    setTerm(term);
    if (!term) {
      setFound(null);
      setStatus("idle");
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      setStatus("searching");
      try {
        const sep = endpoint.includes("?") ? "&" : "?";
        const response = await fetch(
          `${endpoint}${sep}search=${encodeURIComponent(term)}&limit=${PICKER_SEARCH_LIMIT}`,
          {
            signal: controller.signal,
            headers: { Accept: "application/json" },
          },
        );
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const rows = ((await response.json()) as Array<PickerRows[K] & { status?: string }>).filter((row) =>
          PICKER_KINDS[kind].offered(row),
        );
        setFound({ term, items: rows.map((row) => ({ ...toPickerOption(kind, row), row })) });
        setStatus("idle");
      } catch {
        if (!controller.signal.aborted) setStatus("failed");
      }
    }, SEARCH_DEBOUNCE_MS);
  }

  const shown = !term ? items : found?.term === term ? found.items : items.filter((item) => contains(item, term));
  const {
    isOpen,
    highlightedIndex,
    selectedItem,
    getLabelProps,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
    selectItem,
    setInputValue,
    inputValue,
  } = useCombobox<Item<K>>({
    items: shown,
    initialSelectedItem: initial,
    inputId,
    initialInputValue: initial?.label ?? "",
    itemToString: (item) => item?.label ?? "",
    itemToKey: (item) => item?.id ?? null,
    // Any change of the text but typing (a choice, leaving the box) ends the search. Typing searches
    // from the input's own change event (below): downshift reports changes after rendering, so the
    // list would lag one render behind every keystroke.
    onInputValueChange: ({ type }) => {
      if (type !== useCombobox.stateChangeTypes.InputChange) search("");
    },
    onSelectedItemChange: ({ selectedItem }) => onPick?.(selectedItem?.row ?? null),
    stateReducer: (state, { type, changes }) => {
      const { InputBlur, InputKeyDownEscape } = useCombobox.stateChangeTypes;
      // Leaving the box with typed text but no choice shows the choice again; an emptied box clears it.
      if (type === InputBlur && changes.selectedItem === state.selectedItem) {
        return (changes.inputValue ?? "").trim()
          ? { ...changes, inputValue: state.selectedItem?.label ?? "" }
          : { ...changes, selectedItem: null, inputValue: "" };
      }
      if (type === InputKeyDownEscape && state.isOpen)
        return { ...changes, inputValue: state.selectedItem?.label ?? "" };
      return changes;
    },
  });

  // conform follows the field through input events (its value, revalidating a shown error).
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
    mounted.current = true;
  }, [selectedItem]);

  const message =
    status === "searching"
      ? "Searching…"
      : status === "failed"
        ? "Search failed. Try again."
        : found?.term === term
          ? `${found.items.length} ${noun}${found.items.length === 1 ? "" : "s"} found`
          : "";
  return (
    <div className="record-picker picker-combobox">
      <Text as="label" size="2" weight="medium" mb="1" style={{ display: "block" }} {...getLabelProps()}>
        {label}
      </Text>
      <input
        type="hidden"
        ref={hidden}
        name={field.name}
        value={selectedItem ? String(selectedItem.id) : empty.value}
      />
      <div className="picker-control">
        <TextField.Root
          {...getInputProps({
            "aria-invalid": errorId ? true : undefined,
            "aria-describedby": errorId,
            placeholder: `Search ${noun}s`,
            onChange: (event: ChangeEvent<HTMLInputElement>) => search(event.currentTarget.value),
            onBlur: () => {
              // With the list closed downshift does not reconcile the text itself.
              if (!isOpen && inputValue !== (selectedItem?.label ?? "")) {
                if (inputValue.trim()) setInputValue(selectedItem?.label ?? "");
                else selectItem(null);
              }
            },
          })}
          autoComplete="off"
        >
          <TextField.Slot side="right">
            {selectedItem ? (
              <IconButton
                type="button"
                size="1"
                variant="ghost"
                color="gray"
                aria-label={`Clear ${noun}`}
                onClick={() => selectItem(null)}
              >
                <SpriteIcon name="close" />
              </IconButton>
            ) : null}
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="gray"
              aria-label={`Show ${noun}s`}
              {...getToggleButtonProps()}
            >
              <SpriteIcon name="chevron-down" />
            </IconButton>
          </TextField.Slot>
        </TextField.Root>
        <ul {...getMenuProps()} className="picker-menu" data-open={isOpen || undefined}>
          {isOpen
            ? shown.map((item, index) => (
                <li
                  key={item.id}
                  className="picker-option"
                  data-highlighted={highlightedIndex === index || undefined}
                  data-selected={selectedItem?.id === item.id || undefined}
                  {...getItemProps({ item, index })}
                >
                  <span className="picker-option-label">{item.label}</span>
                  {item.detail ? <span className="picker-option-detail">{item.detail}</span> : null}
                </li>
              ))
            : null}
          {isOpen && !shown.length ? (
            <li className="picker-empty" role="presentation">
              {status === "searching" ? "Searching…" : `No ${noun} found`}
            </li>
          ) : null}
        </ul>
      </div>
      <div role="status" className={status === "failed" ? "picker-status" : "visually-hidden"}>
        {message}
      </div>
      <ErrorList id={errorId} errors={field.errors} />
    </div>
  );
}

function contains(item: PickerOption, term: string) {
  const needle = term.toLowerCase();
  return item.label.toLowerCase().includes(needle) || Boolean(item.detail?.toLowerCase().includes(needle));
}

function unique<T extends { id: number }>(rows: T[]) {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

/**
 * A picker form's onValidate: a Find submit is not a save, so it goes to the server unvalidated
 * (with JS only where a picker stays native; before hydration the browser submits it plainly).
 */
export function validateUnlessFinding<Schema extends ZodTypeAny>(
  formData: FormData,
  fields: PickerFields,
  schema: Schema,
): Submission<input<Schema>, string[], output<Schema>> {
  if (requestedFind(formData, fields))
    return parse<input<Schema>, string[]>(formData, { resolve: () => ({ error: null }) });
  return parseWithZod(formData, { schema });
}
