import { Button, Flex, Text } from "~/components/ui";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DialogRoute } from "./dialog-route";
import { useKeptQuery } from "./use-kept-query";

/**
 * "Are you sure you want to delete …?" over a list: a dialog route whose form posts to itself;
 * Cancel and closing go back to `list` with its query kept, or to the record's page that opened it
 * (`?from=detail`). The action is app/forms/delete.server.ts.
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
  const kept = `${list}${useKeptQuery()}`;
  const location = useLocation();
  // Opened from the record's page (`/customers/5/delete?from=detail`): Cancel goes back there.
  const back =
    new URLSearchParams(location.search).get("from") === "detail" ? location.pathname.replace(/\/[^/]+$/, "") : kept;
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
