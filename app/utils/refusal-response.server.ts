// The two mappers of a Refusal (app/utils/refusal.server.ts), one per surface (docs/decisions/refusals.md):
// - /api: `{ error, fieldErrors }` with the kind's status (apiRefusal);
// - pages: the form's error (refusalReply), a toast (refusalToast), or — when nothing catches it —
//   the error boundary nearest to the route with the kind's status (pageRefusal).
// answerRefusals applies the right one to every loader and action of the build, so a model, a
// `requireFound` or `requireId` may throw a Refusal anywhere and the user still gets a 4xx.
import type { ServerBuild } from "@remix-run/node";
import { apiError } from "./api.server";
import { isRefusal, type Refusal } from "./refusal.server";
import { redirectWithToast } from "./toast.server";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  429: "Too Many Requests",
};

/** /api: the JSON error of the contract (decisions §4). */
export function apiRefusal(refusal: Refusal) {
  return apiError(refusal.status, refusal.message, refusal.fieldErrors);
}

/** Pages: the response the error boundary shows (its message is the boundary's text). */
export function pageRefusal(refusal: Refusal) {
  return new Response(refusal.message, {
    status: refusal.status,
    statusText: STATUS_TEXT[refusal.status],
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Page actions: a refusal becomes the form's error (on its fields when it names them) with its
 * status; a 404 about a linked record (it names a field) answers 400 like any bad input. A 404
 * naming no field is about the record acted on: it goes on to the error boundary. Anything that
 * is not a refusal is rethrown.
 */
export function refusalReply<R>(
  submission: {
    reply: (opts?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => R;
  },
  error: unknown,
  opts: { hideFields?: string[] } = {},
) {
  if (!isRefusal(error) || (error.kind === "not-found" && !error.fieldErrors)) throw error;
  const reply = error.fieldErrors
    ? submission.reply({ fieldErrors: error.fieldErrors, ...opts })
    : submission.reply({ formErrors: [error.message], ...opts });
  return { reply, status: error.status === 404 ? 400 : error.status };
}

/** Page actions: a refusal becomes an error toast on the page at `to`; anything else is rethrown. */
export function refusalToast(request: Request, to: string, error: unknown, title = "Error") {
  if (!isRefusal(error)) throw error;
  return redirectWithToast(request, to, { type: "error", title, description: error.message });
}

type Handler = (args: never) => unknown;

function answering(handler: Handler | undefined, toResponse: (refusal: Refusal) => Response) {
  if (!handler) return undefined;
  return async (args: never) => {
    try {
      return await handler(args);
    } catch (error) {
      throw isRefusal(error) ? toResponse(error) : error;
    }
  };
}

/** Wraps every route's loader and action: a Refusal they throw becomes its surface's response. */
export function answerRefusals(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const toResponse = id.startsWith("routes/api.") ? apiRefusal : pageRefusal;
      const { loader, action } = route.module;
      const module = { ...route.module };
      if (loader) module.loader = answering(loader, toResponse) as typeof loader;
      if (action) module.action = answering(action, toResponse) as typeof action;
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}
