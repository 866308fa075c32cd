import type { ReactNode } from "react";

/**
 * A plain table styled with the theme's tokens. Lists render up to 50 rows on every request;
 * Radix's Table (scroll area, inline styles) costs several times more to server-render per row.
 */
/** A header; `{ label, numeric: true }` right-aligns the column's heading (cells use className="num"). */
export type DataTableHeader = ReactNode | { label: ReactNode; numeric: true };

const isNumeric = (header: DataTableHeader): header is { label: ReactNode; numeric: true } =>
  typeof header === "object" && header !== null && "numeric" in header;

export function DataTable({
  label,
  headers,
  children,
}: {
  label: string;
  headers: DataTableHeader[];
  children: ReactNode;
}) {
  return (
    <div className="data-table-wrap">
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {headers.map((header, i) =>
              isNumeric(header) ? (
                <th key={i} scope="col" className="num">
                  {header.label}
                </th>
              ) : (
                <th key={i} scope="col">
                  {header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
