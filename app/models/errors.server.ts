/** A refusal a model function reports to its caller: pages show the message, /api maps the status. */
export class ModelError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 429,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** PostgreSQL unique violation (e.g. a duplicate quote number given through the API). */
export function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}
