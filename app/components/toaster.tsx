import { Callout } from "~/components/ui";
import { useEffect, useState } from "react";
import { SpriteIcon } from "./sprite-icon";

export type ToastData = { id?: string; title: string; description?: string; type?: "success" | "error" };

/**
 * One toast at a time (docs/decisions/toasts.md), shown after a redirect. Without JS it fades out
 * by CSS after 5 s; with JS it is removed after 5 s, and Escape or a click dismisses it.
 */
export function Toaster({ toast }: { toast: ToastData }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), 5000);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
    };
  }, []);
  if (!open) return null;
  const error = toast.type === "error";
  return (
    <div className="toast-region" role={error ? "alert" : "status"} aria-live={error ? "assertive" : "polite"}>
      <Callout.Root color={error ? "red" : "green"} variant="surface" className="toast" onClick={() => setOpen(false)}>
        <Callout.Icon>{error ? <SpriteIcon name="cross-circled" /> : <SpriteIcon name="check-circled" />}</Callout.Icon>
        <div>
          <Callout.Text weight="bold" data-testid="toast-title">
            {toast.title}
          </Callout.Text>
          {toast.description ? <Callout.Text data-testid="toast-description">{toast.description}</Callout.Text> : null}
        </div>
      </Callout.Root>
    </div>
  );
}
