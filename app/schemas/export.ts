import { z } from "zod";

// The System tab's CSV downloads (decisions §6), shared by the page's links and the export route.
export const EXPORTS = ["customers", "jobs", "quotes", "invoices", "inventory-items"] as const;
export const ExportNameSchema = z.enum(EXPORTS);
export type ExportName = z.infer<typeof ExportNameSchema>;

export const EXPORT_LABELS: Record<ExportName, string> = {
  customers: "Customers",
  jobs: "Jobs",
  quotes: "Quotes",
  invoices: "Invoices",
  "inventory-items": "Inventory items",
};

/** `/settings/system/export/customers.csv` */
export const exportPath = (name: ExportName) => `/settings/system/export/${name}.csv`;
