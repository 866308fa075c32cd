import { Box, Button, Card, Dialog, Flex, Heading, Text } from "@radix-ui/themes";
import { Link, useLocation, useMatches, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useRouteErrorText } from "./error-boundary";

/**
 * A dialog that is a nested route (decisions §3): with JS a Radix dialog over its list (Escape or
 * Cancel navigates back to `closeTo`); without JS the same content in a CSS overlay.
 */
export function DialogRoute({
  title,
  description,
  closeTo,
  width = 560,
  children,
}: {
  title: string;
  description?: string;
  closeTo: string;
  width?: number;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated) {
    return (
      <Dialog.Root open onOpenChange={(open) => !open && navigate(closeTo, { preventScrollReset: true })}>
        <Dialog.Content
          maxWidth={`${width}px`}
          aria-describedby={description ? undefined : undefined}
          // Escape in an open picker list closes the list, not the dialog.
          onEscapeKeyDown={(event) => {
            if ((event.target as Element | null)?.closest?.('[role="combobox"][aria-expanded="true"]'))
              event.preventDefault();
          }}
        >
          <Dialog.Title>{title}</Dialog.Title>
          {description ? (
            <Dialog.Description size="2" mb="4">
              {description}
            </Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Root>
    );
  }
  return (
    <div className="route-overlay">
      <Card
        size="3"
        className="route-overlay-card"
        style={{ maxWidth: width }}
        role="dialog"
        aria-labelledby="route-dialog-title"
      >
        <Heading as="h2" size="5" id="route-dialog-title" mb="1">
          {title}
        </Heading>
        {description ? (
          <Text as="p" size="2" color="gray" mb="4">
            {description}
          </Text>
        ) : (
          <Box mb="3" />
        )}
        {children}
      </Card>
    </div>
  );
}

/** Parameters that say where a dialog came from, not which list it sits on. */
const ORIGIN_PARAMS = ["redirectTo", "returnTo", "from"];

/**
 * The error boundary of every dialog route: a 404 or a refusal shows inside the dialog, over the
 * list (the parent route) that stays rendered behind it; Close goes back to that list.
 */
export function DialogRouteError() {
  const { status, title, text } = useRouteErrorText();
  const matches = useMatches();
  const location = useLocation();
  const list = matches.at(-2)?.pathname.replace(/(.)\/$/, "$1") ?? "/";
  const search = new URLSearchParams(location.search);
  for (const name of ORIGIN_PARAMS) search.delete(name);
  const query = search.toString();
  const closeTo = query ? `${list}?${query}` : list;
  return (
    <DialogRoute title={title} closeTo={closeTo} width={440}>
      <Text as="p" color="gray" size="2" mb="1">
        Error {status}
      </Text>
      <Text as="p" mb="4">
        {text}
      </Text>
      <Flex justify="end">
        <Button asChild variant="soft" color="gray">
          <Link to={closeTo} preventScrollReset>
            Close
          </Link>
        </Button>
      </Flex>
    </DialogRoute>
  );
}
