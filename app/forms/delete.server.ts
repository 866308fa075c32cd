// The action of a delete dialog (app/components/delete-dialog.tsx): delete, then back to the list
// (its query kept) with a toast saying what was deleted or why it could not be.
import { isRefusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";

type Outcome = { ok: true } | { ok: false; message: string };

export async function deleteAndReturn<T extends Outcome>(
  request: Request,
  {
    list,
    remove,
    done,
  }: {
    /** The list's path, e.g. "/customers". */
    list: string;
    remove: () => Promise<T>;
    /** The success toast. */
    done: (deleted: Extract<T, { ok: true }>) => { title: string; description: string };
  },
) {
  const back = `${list}${new URL(request.url).search}`;
  const failed = (description: string) =>
    redirectWithToast(request, back, { type: "error", title: "Error", description });
  let result: T;
  try {
    result = await remove();
  } catch (error) {
    if (isRefusal(error)) return failed(error.message);
    throw error;
  }
  if (!result.ok) return failed(result.message);
  return redirectWithToast(request, back, done(result as Extract<T, { ok: true }>));
}
