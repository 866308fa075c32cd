import { GeneralErrorBoundary } from "~/components/error-boundary";

// Any path not in the route table: 'Page not found' with status 404.
export function loader() {
  throw new Response("The page you are looking for does not exist or was moved.", {
    status: 404,
    statusText: "Not Found",
  });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
