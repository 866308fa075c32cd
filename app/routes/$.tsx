import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notFound } from "~/utils/refusal.server";

// Any path not in the route table: 'Page not found' with status 404.
export function loader() {
  throw notFound("The page you are looking for does not exist or was moved.");
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
