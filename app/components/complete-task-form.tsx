// A task row's Complete button (the Tasks list, the installer's Home): its own module so those
// screens' first load carries no task form (conform and the schema come with the task dialogs).
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * The Complete buttons of a list of tasks (the Tasks list, the installer's Home) as one form around
 * the list (docs/decisions/list-rows-once.md), as the Inbox's rows: the Tasks list's rows are markup
 * only, so each open row carries a bare
 * `<button name="taskId" value=…>` (CompleteTaskButton) instead of a form with two hidden inputs and
 * a Radix button each. Without JS the pressed button posts `intent=complete` and its task id (then
 * a redirect with the toast); with JS Remix submits the same without a page load, and the pressed
 * button reads "Completing..." and is disabled until the action has answered. The rows' menus are
 * links only (no form inside a form). `enabled` false (a role that cannot complete tasks): the list
 * as is, no form.
 */
export function CompleteTasksForm({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const navigation = useNavigation();
  const pending =
    enabled && navigation.state === "submitting" && navigation.formData?.get("intent") === "complete"
      ? String(navigation.formData.get("taskId"))
      : null;
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!pending) return;
    // The rows are not React's to draw on a document (markup only): the pending look is set here.
    const button = ref.current?.querySelector<HTMLButtonElement>(
      `button[name="taskId"][value="${CSS.escape(pending)}"]`,
    );
    if (!button) return;
    button.disabled = true;
    button.textContent = "Completing...";
    return () => {
      button.disabled = false;
      button.textContent = "Complete";
    };
  }, [pending]);
  if (!enabled) return <>{children}</>;
  return (
    <Form method="post" preventScrollReset ref={ref}>
      <input type="hidden" name="intent" value="complete" />
      <span id="tc" hidden>
        Complete
      </span>
      {children}
    </Form>
  );
}

/**
 * A row's Complete button, posting through CompleteTasksForm; named "Complete <title>" by
 * aria-labelledby ("Complete" and the row's title, whose id is `t<id>`). Styled as Radix's soft
 * size-1 green button by its place (app.css: a button in a list's actions cell).
 */
export function CompleteTaskButton({ taskId }: { taskId: number }) {
  return (
    <button name="taskId" value={taskId} aria-labelledby={`tc t${taskId}`}>
      Complete
    </button>
  );
}
