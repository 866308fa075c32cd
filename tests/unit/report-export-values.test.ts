// The report PDF prints each value as the screen shows it (app/services/report-export.server.ts
// `printedValue`); the CSV keeps them plain. Until session 26 the PDF printed "928562376.93".
import { describe, expect, it } from "vitest";
import { printedValue, reportCsv, type ExportDocument } from "~/services/report-export.server";

const US = { timeZone: "America/New_York", dateFormat: "MM/DD/YYYY" };
const DAY_FIRST = { timeZone: "Europe/London", dateFormat: "DD/MM/YYYY" };

describe("a report value in the PDF", () => {
  it("money with its currency and thousands, counts and hours grouped, hours without trailing zeros", () => {
    expect(printedValue("928562376.93", "money", US)).toBe("$928,562,376.93");
    expect(printedValue("-12.5", "money", US)).toBe("-$12.50");
    expect(printedValue("31148", "count", US)).toBe("31,148");
    expect(printedValue("1787.00", "quantity", US)).toBe("1,787");
    expect(printedValue("18.50", "quantity", US)).toBe("18.5");
    expect(printedValue("92.0", "percent", US)).toBe("92.0%");
  });

  it("dates, months and ranges in the business's date format", () => {
    expect(printedValue("1950-02-01", "date", US)).toBe("Feb 1, 1950");
    expect(printedValue("1950-02-01", "date", DAY_FIRST)).toBe("1 Feb 1950");
    expect(printedValue("1950-02", "month", US)).toBe("Feb 1950");
    expect(printedValue("1950-02-01 to 1950-03-31", "range", US)).toBe("Feb 1, 1950 to Mar 31, 1950");
    expect(printedValue("… to 1950-03-31", "range", DAY_FIRST)).toBe("… to 31 Mar 1950");
  });

  it("an empty value stays empty (a totals row's blank cells), text as typed", () => {
    expect(printedValue("", "money", US)).toBe("");
    expect(printedValue("=HYPERLINK(1)", "text", US)).toBe("=HYPERLINK(1)");
  });

  it("the CSV of the same document keeps every number and date plain", () => {
    const document: ExportDocument = {
      title: "Revenue by Month",
      meta: [["Generated", { value: "1950-04-01", kind: "date" }]],
      sections: [
        {
          title: "Revenue by month",
          columns: [
            { header: "Month", kind: "month" },
            { header: "Invoiced", kind: "money" },
          ],
          rows: [["1950-02", "3262.50"]],
          totals: ["Total", { value: "3262.50", kind: "money" }],
        },
      ],
    };
    expect(reportCsv(document)).toBe(
      "\uFEFFReport,Revenue by Month\nGenerated,1950-04-01\n\nRevenue by month\nMonth,Invoiced\n1950-02,3262.50\nTotal,3262.50\n",
    );
  });
});
