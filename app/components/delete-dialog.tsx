import { Button, Flex, Text } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DialogRoute } from "./dialog-route";
import { useKeptQuery } from "./use-kept-query";

/**
 * "Are you sure you want to delete …?" over a list: a dialog route whose form posts to itself;
 * Cancel and closing go back to `list` with its query kept. The action is app/forms/delete.server.ts.
 */
export function DeleteDialog({
  title,
  name,
  note,
  list,
  width = 440,
}: {
  title: string;
  name: string;
  /** What cannot be deleted, or what happens to linked records. */
  note?: ReactNode;
  /** The list's path, e.g. "/customers". */
  list: string;
  width?: number;
}) {
  const back = `${list}${useKeptQuery()}`;
  const pending = useNavigation().state === "submitting";
  return (
    <DialogRoute title={title} closeTo={back} width={width}>
      <Form method="post">
        <Text as="p" mb={note ? "2" : "4"}>
          Are you sure you want to delete {name}?
        </Text>
        {note ? (
          <Text as="p" size="2" color="gray" mb="4">
            {note}
          </Text>
        ) : null}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={back} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" color="red" disabled={pending}>
            {pending ? "Deleting..." : "Delete"}
          </Button>
        </Flex>
      </Form>
    </DialogRoute>
  );
}
