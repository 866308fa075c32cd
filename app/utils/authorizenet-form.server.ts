// Where Authorize.Net's Accept Hosted payment form lives, and our page that posts to it. Kept
// apart from the payment models so app/server.ts can widen the CSP `form-action` for that one page
// without loading the provider code.

/** Our page that hands the customer to the hosted form: `${AUTHORIZENET_PAY_PATH}{reference}`. */
export const AUTHORIZENET_PAY_PATH = "/pay/authorizenet/";

/** The hosted form takes the token only as the `token` field of an HTML form POST. */
export function authorizeNetFormUrl(): string {
  return process.env.AUTHORIZENET_FORM_URL?.trim() || "https://accept.authorize.net/payment/payment";
}

/** The form's origin for CSP `form-action`; null when AUTHORIZENET_FORM_URL is not a URL. */
export function authorizeNetFormOrigin(): string | null {
  try {
    const url = new URL(authorizeNetFormUrl());
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}
