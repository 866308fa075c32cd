import { Button, Card, Flex, Heading, Text } from "~/components/ui";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: "Bad request", text: "The request could not be understood." },
  403: { title: "Not allowed", text: "You do not have permission to view this page." },
  404: { title: "Page not found", text: "The page you are looking for does not exist or was moved." },
};

/**
 * What the nearest error boundary says: the status, a title for it, and the refusal's message
 * (pageRefusal in app/utils/refusal-response.server.ts), never a stack trace.
 */
export function useRouteErrorText() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = MESSAGES[status];
  const title = known?.title ?? "Something went wrong";
  const text =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data && status < 500
      ? error.data
      : (known?.text ?? "An unexpected error occurred. Please try again in a moment.");
  return { status, title, text };
}

/** The one error view of a screen (inside the shell) or of the whole document (root). */
export function GeneralErrorBoundary() {
  const { status, title, text } = useRouteErrorText();
  return (
    <Flex justify="center" p="6">
      <Card size="3" style={{ maxWidth: 520, width: "100%" }}>
        <Flex direction="column" gap="3">
          <Text color="gray" size="2">
            Error {status}
          </Text>
          <Heading as="h1" size="6">
            {title}
          </Heading>
          <Text as="p">{text}</Text>
          <Flex gap="3">
            <Button asChild>
              <Link to="/">Go to Home</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
