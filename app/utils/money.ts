/**
 * US-dollar display of a fixed-point string from PostgreSQL numeric ("1250.5" → "$1,250.50"),
 * without ever going through a binary float.
 */
export function formatMoney(value: string | null | undefined) {
  if (value === null || value === undefined || value === "") return "$0.00";
  const negative = value.trim().startsWith("-");
  const [whole = "0", fraction = ""] = value.trim().replace(/^[-+]/, "").split(".");
  const cents = (fraction + "00").slice(0, 2);
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}$${grouped}.${cents}`;
}
