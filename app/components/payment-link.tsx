// The Payment Link popover (spec: invoices): choose a provider, Generate Link (a plain POST, so it
// works without JS), then the link with Copy Link, which reads 'Copied' for 2 seconds. A
// <details> element is the popover: it opens and closes without JS too.
import { Button, Flex, Text, TextField } from "~/components/ui";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Toaster, type ToastData } from "./toaster";
import { SpriteIcon } from "./sprite-icon";

export const PROVIDER_OPTIONS = [
  { value: "stripe", label: "Stripe" },
  { value: "paypal", label: "PayPal" },
  { value: "square", label: "Square" },
  { value: "authorizenet", label: "Authorize.Net" },
];

export function CopyLinkButton({ url, size = "2" }: { url: string; size?: "1" | "2" }) {
  const [copied, setCopied] = useState(false);
  const [toast, setToast] = useState<ToastData | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setToast({ id: String(Date.now()), title: "Link Copied", description: "The payment link is on your clipboard." });
    } catch {
      setToast({
        id: String(Date.now()),
        type: "error",
        title: "Error",
        description: "Failed to copy link to clipboard",
      });
    }
  };
  return (
    <>
      <Button type="button" size={size} variant="soft" onClick={copy} data-testid="copy-link">
        <SpriteIcon name="copy" /> {copied ? "Copied" : "Copy Link"}
      </Button>
      {toast ? <Toaster key={toast.id} toast={toast} /> : null}
    </>
  );
}

export function PaymentLinkPopover({
  invoiceId,
  invoiceNumber,
  action,
  url,
  provider,
  disabled,
  size = "2",
  redirectTo,
  open,
}: {
  invoiceId: number;
  invoiceNumber: string;
  action: string;
  url: string | null;
  provider: string | null;
  disabled: boolean;
  size?: "1" | "2";
  redirectTo?: string;
  /** Open after a Generate Link POST, so the new link shows without JS. */
  open?: boolean;
}) {
  const busy = useNavigation().formData?.get("intent") === "payment-link";
  if (disabled) {
    return (
      <Button size={size} variant="soft" disabled title="Paid and cancelled invoices take no payment link">
        Payment Link
      </Button>
    );
  }
  const selectId = `payment-provider-${invoiceId}`;
  return (
    <details className="payment-link-popover" open={open || undefined} data-testid={`payment-link-${invoiceId}`}>
      <Button asChild size={size} variant="soft">
        <summary aria-label={`Payment Link for ${invoiceNumber}`}>
          <SpriteIcon name="link" /> Payment Link
        </summary>
      </Button>
      <div className="payment-link-panel">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="payment-link" />
          <input type="hidden" name="invoiceId" value={invoiceId} />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Flex direction="column" gap="2">
            <Text as="label" htmlFor={selectId} size="2" weight="medium">
              Provider
            </Text>
            <select id={selectId} name="provider" className="native-select" defaultValue={provider ?? ""}>
              <option value="">Select a provider</option>
              {PROVIDER_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <Button type="submit" size="2" disabled={busy}>
              {busy ? "Generating…" : "Generate Link"}
            </Button>
          </Flex>
        </Form>
        {url ? (
          <Flex direction="column" gap="2" mt="3">
            <Text size="2" weight="medium">
              Link{provider ? ` (${PROVIDER_OPTIONS.find((o) => o.value === provider)?.label ?? provider})` : ""}
            </Text>
            <TextField.Root readOnly value={url} aria-label="Payment link URL" data-testid="payment-link-url" />
            <CopyLinkButton url={url} />
          </Flex>
        ) : null}
      </div>
    </details>
  );
}
