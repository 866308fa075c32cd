// The one way a model, service or route refuses a request (see docs/architecture.md): a kind the
// surfaces map to a status (/api: JSON {error, fieldErrors}; pages: a form error, toast or the
// error boundary), a message the user reads, and optional field errors for the form.

export type RefusalKind = "invalid" | "forbidden" | "not-found" | "conflict" | "too-large" | "too-many";

export const refusalStatus = {
  invalid: 400,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "too-many": 429,
} as const satisfies Record<RefusalKind, number>;

// A brand instead of `instanceof`: app/server.ts (tsx) and the Remix build each hold their own copy
// of this module, and the server maps the build's refusals (see answerRefusals).
const BRAND = Symbol.for("cabinetry.refusal");

export class Refusal extends Error {
  readonly [BRAND] = true;

  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "Refusal";
  }

  get status() {
    return refusalStatus[this.kind];
  }
}

const onField = (message: string, field?: string) => (field ? { [field]: [message] } : undefined);

/** Bad input (400); `field` puts the message on that form field. */
export const invalid = (message: string, field?: string) => new Refusal("invalid", message, onField(message, field));
/** Not allowed for this user (403). */
export const forbidden = (message: string) => new Refusal("forbidden", message);
/** The record does not exist (404); `field` names the input that pointed at it. */
export const notFound = (message: string, field?: string) => new Refusal("not-found", message, onField(message, field));
/** The request clashes with the record's state or a unique value (409). */
export const conflict = (message: string, field?: string) => new Refusal("conflict", message, onField(message, field));
/** An upload past its size limit (413). */
export const tooLarge = (message: string, field?: string) => new Refusal("too-large", message, onField(message, field));
/** Too many attempts (429). */
export const tooMany = (message: string, field?: string) => new Refusal("too-many", message, onField(message, field));

/** Returns the row, or refuses with "<what> not found" (404) when it is missing. */
export function requireFound<T>(row: T | null | undefined, what: string): T {
  if (row === null || row === undefined) throw notFound(`${what} not found`);
  return row;
}

export function isRefusal(error: unknown): error is Refusal {
  return typeof error === "object" && error !== null && (error as { [BRAND]?: boolean })[BRAND] === true;
}

/** The SQLSTATE of a PostgreSQL error, also when drizzle wraps it (its `cause`), else undefined. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^(?=.*\d)[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL unique violation (e.g. a duplicate quote number given through the API). */
export function isUniqueViolation(error: unknown) {
  return pgErrorCode(error) === "23505";
}
