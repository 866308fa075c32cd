// The schedule's calendar arithmetic: which business days a view shows and where prev/next go.
// Pure functions on 'YYYY-MM-DD' strings (weeks start Monday, spec §9).
import { addDays, addMonths, monthStart, weekStart } from "./dates";

export const VIEWS = ["week", "month", "list", "day"] as const;
export type View = (typeof VIEWS)[number];

/** The days shown, as [first, end) calendar dates. */
export function viewRange(view: View, date: string): { first: string; end: string } {
  switch (view) {
    case "week": {
      const first = weekStart(date);
      return { first, end: addDays(first, 7) };
    }
    case "month": {
      // Whole weeks: from the Monday on or before the 1st to the Sunday on or after the last day.
      const start = monthStart(date);
      const lastDay = addDays(addMonths(start, 1), -1);
      return { first: weekStart(start), end: addDays(weekStart(lastDay), 7) };
    }
    case "day":
      return { first: date, end: addDays(date, 1) };
    case "list":
      return { first: date, end: addDays(date, 14) };
  }
}

export function stepDate(view: View, date: string, direction: 1 | -1) {
  switch (view) {
    case "week":
      return addDays(weekStart(date), 7 * direction);
    case "month":
      return addMonths(monthStart(date), direction);
    case "day":
      return addDays(date, direction);
    case "list":
      return addDays(date, 14 * direction);
  }
}

export function daysBetween(first: string, end: string) {
  const days: string[] = [];
  for (let d = first; d < end; d = addDays(d, 1)) days.push(d);
  return days;
}
