import { z } from "zod";

// Settings → System → Import Data (docs/decisions/csv-export-and-import.md): what can be imported,
// shared by the form (its select, the column help, the sample link) and the server.
export const IMPORT_KINDS = ["customers", "jobs", "quotes", "invoices", "inventory-items"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const ImportKindSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? "customers" : value),
  z.enum(IMPORT_KINDS, { errorMap: () => ({ message: "Choose what to import from the list." }) }),
);

export const IMPORT_LABELS: Record<ImportKind, string> = {
  customers: "Customers",
  jobs: "Jobs",
  quotes: "Quotes",
  invoices: "Invoices",
  "inventory-items": "Inventory items",
};

/** The expected columns, as the page describes them (the headers the export writes are accepted). */
export const IMPORT_HELP: Record<ImportKind, string> = {
  customers:
    "Name (or Customer Name), Email, Phone, Address (or Street), City, State, ZIP Code (or Zip, Postal Code), Notes. Rows whose e-mail a customer already has are skipped.",
  jobs: "Customer (name or e-mail of an existing customer), Title, Status (quoted, approved, in-progress, completed, cancelled), Start Date, Completion Date (YYYY-MM-DD), Estimated Cost, Actual Cost, Description, Notes. A job with the same customer and title is skipped.",
  quotes:
    "One row per line item; rows with the same Quote Number make one quote. On its first row: Customer (name or e-mail), Title, Status (draft, sent, approved, rejected, expired), Valid Until, Tax Rate (0.0825 for 8.25%; blank is the default rate), Notes. On every row: Description, Quantity, Unit Price. Totals are computed. An existing quote number is skipped.",
  invoices:
    "One row per line item; rows with the same Invoice Number make one invoice. On its first row: Customer (name or e-mail), Title, Status (draft, sent, overdue, cancelled), Issue Date, Due Date (required), Payment Terms (Due on Receipt, Net 15, Net 30, Net 45, Net 60), Tax Rate (0.0825 for 8.25%), Notes. On every row: Description, Quantity, Unit Price. Totals are computed. An existing invoice number is skipped.",
  "inventory-items":
    "SKU, Name, Type (material, hardware, tool, consumable), Category and Preferred Supplier (names of existing ones), Unit, Reorder Point, Reorder Qty, Safety Stock, Last Cost, Sell Price, Location, Track Stock, Active, Tags (separated by ; or ,), Description. Stock comes from receipts, not from the file. An existing SKU is skipped.",
};

/** A small example file per kind, served by /settings/system/import/sample/<kind>.csv. */
export const IMPORT_SAMPLES: Record<ImportKind, string> = {
  customers: [
    "name,email,phone,address,city,state,zip_code,notes",
    "Ada Lovelace,ada@example.com,555-0101,12 Oak St,Austin,TX,78701,Prefers mornings",
  ].join("\r\n"),
  jobs: [
    "customer,title,status,start_date,completion_date,estimated_cost,actual_cost,description,notes",
    "ada@example.com,Kitchen cabinets,approved,2026-01-15,,12500.00,,Shaker style uppers and lowers,",
  ].join("\r\n"),
  quotes: [
    "quote_number,customer,title,status,valid_until,tax_rate,description,quantity,unit_price",
    "Q-1001,ada@example.com,Kitchen cabinets,draft,2026-12-31,0.0825,Base cabinet,4,450.00",
    "Q-1001,,,,,,Installation,1,800.00",
  ].join("\r\n"),
  invoices: [
    "invoice_number,customer,title,status,issue_date,due_date,payment_terms,tax_rate,description,quantity,unit_price",
    "INV-1001,ada@example.com,Kitchen cabinets,sent,2026-01-15,2026-02-14,Net 30,0.0825,Base cabinet,4,450.00",
    "INV-1001,,,,,,,,Installation,1,800.00",
  ].join("\r\n"),
  "inventory-items": [
    "sku,name,type,category,unit,reorder_point,last_cost,sell_price,location,preferred_supplier,tags",
    "PLY-34-BIRCH,3/4 in. birch plywood,material,,sheet,10,62.50,89.00,Rack A,,plywood; birch",
  ].join("\r\n"),
};

export const IMPORT_PATH = "/settings/system/import";
/** `/settings/system/import/sample/jobs.csv` */
export const importSamplePath = (kind: ImportKind) => `${IMPORT_PATH}/sample/${kind}.csv`;
