import { ModelError } from "../models/errors.server";
import { apiError } from "./api.server";
import { Refusal } from "./refusal.server";

/** Runs a model call for an /api route: a ModelError becomes its JSON status, anything else rethrows. */
export async function apiCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Refusal) throw apiError(error.status, error.message, error.fieldErrors);
    if (error instanceof ModelError) {
      throw apiError(error.status, error.message, error.field ? { [error.field]: [error.message] } : undefined);
    }
    throw error;
  }
}

/** For page actions: a ModelError becomes the form's error (on its field when it names one). */
export function modelErrorReply<R>(
  submission: {
    reply: (opts?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => R;
  },
  error: unknown,
  opts: { hideFields?: string[] } = {},
) {
  if (error instanceof Refusal) {
    const reply = error.fieldErrors
      ? submission.reply({ fieldErrors: error.fieldErrors, ...opts })
      : submission.reply({ formErrors: [error.message], ...opts });
    return { reply, status: error.status === 404 ? 400 : error.status };
  }
  if (!(error instanceof ModelError)) throw error;
  const reply = error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, ...opts })
    : submission.reply({ formErrors: [error.message], ...opts });
  return { reply, status: error.status === 404 ? 400 : error.status };
}
