import { PAYMENT_TERMS, type PaymentTerm } from "../schemas/invoice";
import { addDays, format } from "date-fns";
import type { Executor } from "../../db/client.server";
import { businessToday } from "../utils/dates";
import { percentToRate } from "../utils/money";
import { getSettings } from "./settings.server";

/** What money actions need from settings: the business day, its zone and the default tax rate. */
export async function moneyContext(db: Executor, actorId?: number | null) {
  const settings = await getSettings(db);
  const timeZone = settings.system.timeZone;
  const today = businessToday(timeZone);
  return {
    actorId: actorId ?? null,
    today,
    timeZone,
    defaultTaxRate: percentToRate(settings.business.taxRatePercent),
    quoteValidDays: Number(settings.system.quoteValidDays) || 30,
    // Settings → Business → default payment terms: new invoices' terms, due date and terms text.
    paymentTerms: (PAYMENT_TERMS as readonly string[]).includes(settings.business.paymentTerms)
      ? (settings.business.paymentTerms as PaymentTerm)
      : "Net 30",
    settings,
  };
}

/**
 * The one currency the business bills and takes payments in (settings, upper-case ISO 4217):
 * payment links charge in it and a webhook in any other currency records no payment.
 */
export async function businessCurrency(db: Executor): Promise<string> {
  return (await getSettings(db)).business.currency.trim().toUpperCase();
}

/** A calendar day plus n days ('YYYY-MM-DD' in, 'YYYY-MM-DD' out). */
export function plusDays(day: string, n: number) {
  const [y, m, d] = day.split("-").map(Number);
  return format(addDays(new Date(y, m - 1, d), n), "yyyy-MM-dd");
}
