import { ModelError } from "../models/errors.server";
import { apiError } from "./api.server";

/** Runs a model call for an /api route: a ModelError becomes its JSON status, anything else rethrows. */
export async function apiCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ModelError) {
      throw apiError(error.status, error.message, error.field ? { [error.field]: [error.message] } : undefined);
    }
    throw error;
  }
}
