import { useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FormEvent } from "react";

/**
 * With JS a GET filter form applies itself: typing in the search box submits after 300 ms, a
 * changed select at once (the same URL the Apply button produces without JS).
 */
export function useFilterSubmit() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    clearTimeout(timer.current);
    const run = () => {
      const data = new FormData(form);
      data.delete("page");
      for (const [key, value] of [...data.entries()]) if (value === "" || value === "all") data.delete(key);
      submit(data, { method: "get", replace: true, preventScrollReset: true });
    };
    if (target.tagName === "SELECT") run();
    else timer.current = setTimeout(run, 300);
  };
}
