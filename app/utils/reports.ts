// Constants of the Reports screen shared by the model (app/models/reports.server.ts) and the page:
// browser-safe, since the page's component reads them too.
import { formatDay } from "./dates";

export const RANGE_PRESETS = ["7", "30", "90", "365", "all"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number] | "custom";

export const RANGE_LABELS: Record<(typeof RANGE_PRESETS)[number], string> = {
  "7": "Last 7 days",
  "30": "Last 30 days",
  "90": "Last 90 days",
  "365": "Last 365 days",
  all: "All time",
};

export const AGING_BUCKETS = ["current", "d1_30", "d31_60", "d61_90", "d90_plus"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: "Current",
  d1_30: "1–30",
  d31_60: "31–60",
  d61_90: "61–90",
  d90_plus: "90+",
};

/** Available hours of one resource in one week: Monday to Friday, 8 hours a day. */
export const AVAILABLE_HOURS_PER_WEEK = 40;
/** An all-day event counts as a working day. */
export const ALL_DAY_HOURS = 8;
/** The most weeks the utilisation report spans (the range's last 53 weeks). */
export const MAX_WEEKS = 53;
/** Jobs listed on the profitability screen; the CSV has them all. */
export const PROFIT_PAGE = 50;
/** Spec: "Reports lists cut to 5". */
export const REPORT_LIST_CUT = 5;

/** A report month ("2026-11") as the page, its charts' descriptions and the PDF name it: "Nov 2026". */
export const monthLabel = (month: string) => formatDay(`${month}-01`, "MMM yyyy");
