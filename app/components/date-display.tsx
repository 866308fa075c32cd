// The business's display settings (Settings → System: time zone, date format, 12/24-hour clock,
// measurement unit) for every component: the root loader reads them once per request and the root
// layout provides them, so the server render and the browser's hydration print the same text.
// Components pass them to the formatters of app/utils/dates.ts and app/utils/units.ts
// (docs/decisions/formats.md).
import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_DATE_DISPLAY, type DateFormat, type TimeFormat } from "~/utils/dates";
import type { MeasurementUnit } from "~/utils/units";

export type Display = {
  timeZone: string;
  dateFormat: DateFormat;
  timeFormat: TimeFormat;
  measurementUnit: MeasurementUnit;
};

export const DEFAULT_DISPLAY: Display = { ...DEFAULT_DATE_DISPLAY, measurementUnit: "imperial" };

const DisplayContext = createContext<Display>(DEFAULT_DISPLAY);

export function DisplayProvider({ value, children }: { value: Display | undefined; children: ReactNode }) {
  return <DisplayContext.Provider value={value ?? DEFAULT_DISPLAY}>{children}</DisplayContext.Provider>;
}

/** The business's display settings; pass them as the zone argument of formatDate and friends. */
export function useDisplay(): Display {
  return useContext(DisplayContext);
}
