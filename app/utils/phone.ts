// Phone numbers for SMS (docs/decisions/notifications.md). Customers' phones are typed as people
// write them ("(802) 555-0142"); an SMS provider wants E.164 ("+18025550142"). A number with ten
// digits is North American (+1, the business's market); one written with "+" keeps its country.

/** The E.164 form of `phone`, or null when it cannot be one. */
export function smsNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  // Letters (an extension "ext. 12" aside) mean this is not a number a text can go to.
  const main = trimmed.replace(/\s*(ext\.?|x)\s*\d+$/i, "");
  if (/[^\d\s()+.\-/]/.test(main)) return null;
  const digits = main.replace(/\D/g, "");
  if (main.startsWith("+")) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}
