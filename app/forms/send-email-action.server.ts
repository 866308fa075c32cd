// The Send Email dialogs' action (quote, invoice, purchase order): read the message, hand the
// document to its dispatcher (the e-mail queue), and answer with a toast where the dialog returns.
import { parseWithZod } from "@conform-to/zod";
import { SendEmailSchema } from "~/schemas/email";
import { refusalToast } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

const FAILED = "Failed to send email";

export async function sendEmailAction(
  request: Request,
  back: string,
  /** The document's dispatcher (app/services/email-dispatch.server.ts) with the typed message. */
  dispatch: (
    customMessage: string | undefined,
  ) => Promise<{ ok: true; result: { to: string } } | { ok: false; error: string }>,
) {
  const submission = parseWithZod(await request.formData(), { schema: SendEmailSchema });
  if (submission.status !== "success")
    return redirectWithToast(request, back, { type: "error", title: FAILED, description: "The message is too long." });
  try {
    const outcome = await dispatch(submission.value.customMessage);
    if (!outcome.ok)
      return redirectWithToast(request, back, { type: "error", title: FAILED, description: outcome.error });
    return redirectWithToast(request, back, {
      title: "Email sent successfully",
      description: `Sent to ${outcome.result.to}.`,
    });
  } catch (error) {
    return refusalToast(request, back, error, FAILED);
  }
}
