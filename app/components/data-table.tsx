import type { ReactNode } from "react";

/**
 * A plain table styled with the theme's tokens. Lists render up to 50 rows on every request;
 * Radix's Table (scroll area, inline styles) costs several times more to server-render per row.
 */
export function DataTable({ label, headers, children }: { label: string; headers: ReactNode[]; children: ReactNode }) {
  return (
    <div className="data-table-wrap">
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {headers.map((header, i) => (
              <th key={i} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
