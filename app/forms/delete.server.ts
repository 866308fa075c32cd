// The action of a delete dialog (app/components/delete-dialog.tsx): delete, then back to the list
// (its query kept) with a toast saying what was deleted or, for a Refusal, why it could not be.
import { refusalToast } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function deleteAndReturn<T>(
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
    done: (deleted: T) => { title: string; description: string };
  },
) {
  const back = `${list}${new URL(request.url).search}`;
  let deleted: T;
  try {
    deleted = await remove();
  } catch (error) {
    return refusalToast(request, back, error);
  }
  return redirectWithToast(request, back, done(deleted));
}
