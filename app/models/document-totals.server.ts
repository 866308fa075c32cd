// Quote and invoice totals, checked against their columns before anything is written.
import { amountTooLargeMessage } from "../schemas/line-items";
import { computeTotals, oversizedAmount, type LineInput } from "../utils/money";
import { invalid } from "../utils/refusal.server";

/**
 * Line totals, subtotal, tax and total of a document; a 400 "Amount too large" (on `field`) when
 * any of them would not fit numeric(10,2), instead of PostgreSQL's overflow error (a 500).
 */
export function documentTotals(items: LineInput[], rate: string, field = "items") {
  const totals = computeTotals(items, rate);
  const oversized = oversizedAmount(totals);
  if (oversized) throw invalid(amountTooLargeMessage(oversized), field);
  return totals;
}
