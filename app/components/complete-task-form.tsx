// A task row's Complete button (tasks list, home): its own module so those screens' first load
// carries no task form (conform and the schema come with the task dialogs).
import { Button } from "~/components/ui";
import { Form, useNavigation } from "@remix-run/react";

/** The Complete action: a plain POST form (works without JS) to the current route. */
export function CompleteTaskForm({ taskId, title }: { taskId: number; title: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("taskId") === String(taskId);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="taskId" value={taskId} />
      <Button type="submit" size="1" variant="soft" color="green" disabled={pending} aria-label={`Complete ${title}`}>
        {pending ? "Completing..." : "Complete"}
      </Button>
    </Form>
  );
}
