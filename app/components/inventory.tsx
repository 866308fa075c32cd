// Shared pieces of the Inventory screens (issue 13): the tab bar (each tab a URL), the summary cards,
// the stock-level badge and the 4-decimal formatting of quantities and unit costs.
import { TabNav } from "~/components/ui";
import { PlainBadge } from "./status-badge";
import { Link } from "@remix-run/react";
import { PageHeader } from "./page-header";
import { StatCards } from "./list-page";
import type { ReactNode } from "react";
import { centsToString, formatMoney, parseScaled } from "~/utils/money";
import { formatQuantity, quantityWithUnit } from "~/utils/units";
import { useDisplay } from "./date-display";
import { PO_STATUS_LABELS, type PoStatus } from "~/schemas/choices";

export const INVENTORY_TABS = [
  { id: "items", label: "Items", to: "/inventory" },
  { id: "suppliers", label: "Suppliers", to: "/inventory/suppliers" },
  { id: "categories", label: "Categories", to: "/inventory/categories" },
  { id: "transactions", label: "Transactions", to: "/inventory/transactions" },
  { id: "purchase-orders", label: "Purchase Orders", to: "/inventory/purchase-orders" },
  { id: "reorder", label: "Reorder", to: "/inventory/reorder" },
] as const;
export type InventoryTab = (typeof INVENTORY_TABS)[number]["id"];

export type InventorySummary = { items: number; stockValue: string; lowStock: number; outOfStock: number };

export { formatQuantity };

/**
 * A quantity and its unit as the business reads them: "120 lf", or with Settings → System →
 * Measurement Unit = metric "120 lf (36.58 m)" (app/utils/units.ts).
 */
export function QuantityWithUnit({ value, unit }: { value: string; unit: string }) {
  const { measurementUnit } = useDisplay();
  return <>{quantityWithUnit(value, formatQuantity(value), unit, measurementUnit)}</>;
}

/** A unit cost with its 4 decimals ("$42.8154"); totals use formatMoney. */
export function formatCost(value: string | null | undefined) {
  if (value === null || value === undefined || value === "") return "—";
  const negative = value.startsWith("-");
  const [whole, fraction = ""] = value.replace(/^-/, "").split(".");
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}$${digits}.${(fraction + "0000").slice(0, 4)}`;
}

const LEVEL: Record<string, { label: string; color: "red" | "orange" | "amber" | "green" | "gray" }> = {
  out: { label: "Out of stock", color: "red" },
  critical: { label: "Critical", color: "red" },
  low: { label: "Low", color: "amber" },
  good: { label: "In stock", color: "green" },
  untracked: { label: "Not tracked", color: "gray" },
};

export function StockBadge({ level }: { level: string }) {
  const l = LEVEL[level] ?? LEVEL.good;
  return <PlainBadge color={l.color}>{l.label}</PlainBadge>;
}

const PO_COLOR: Record<string, "gray" | "blue" | "amber" | "green" | "red"> = {
  draft: "gray",
  ordered: "blue",
  partial: "amber",
  received: "green",
  cancelled: "red",
};

/** A purchase order's status: Draft, Ordered, Partially received, Received, Cancelled. */
export function PoStatusBadge({ status }: { status: string }) {
  return (
    <PlainBadge color={PO_COLOR[status] ?? "gray"} data-testid="po-status">
      {PO_STATUS_LABELS[status as PoStatus] ?? status}
    </PlainBadge>
  );
}

export function InventoryHeader({
  current,
  summary,
  actions,
}: {
  current: InventoryTab;
  summary: InventorySummary;
  actions?: ReactNode;
}) {
  const value = formatMoney(summary.stockValue);
  return (
    <>
      <PageHeader
        title="Inventory"
        subtitle="Sheet goods, hardware and finishes: stock, suppliers and movements"
        actions={actions}
      />
      <StatCards
        stats={[
          { title: "Items", value: summary.items.toLocaleString("en-US"), testId: "stat-items" },
          { title: "Stock Value", value, testId: "stat-value" },
          { title: "Low Stock", value: summary.lowStock.toLocaleString("en-US"), testId: "stat-low" },
          {
            title: "Out of Stock",
            value: summary.outOfStock.toLocaleString("en-US"),
            testId: "stat-out",
            color: summary.outOfStock ? "red" : undefined,
          },
        ]}
      />
      <TabNav.Root mb="4" aria-label="Inventory sections" className="wrapping-tabs">
        {INVENTORY_TABS.map((t) => (
          <TabNav.Link key={t.id} asChild active={t.id === current}>
            <Link to={t.to} aria-current={t.id === current ? "page" : undefined}>
              {t.label}
            </Link>
          </TabNav.Link>
        ))}
      </TabNav.Root>
    </>
  );
}

/** A 4-decimal total shown to the cent, rounded half away from zero ("-27.2638" → "-$27.26"). */
export function formatTotal(value: string | null | undefined) {
  if (value === null || value === undefined || value === "") return "—";
  return formatMoney(centsToString(parseScaled(value, 2) ?? 0n));
}
