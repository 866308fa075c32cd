// The Inbox page's Reply form, read on the server (the route's browser chunk carries no schema).
import { parseWithZod } from "@conform-to/zod";
import { ReplySchema } from "../schemas/email";

/** The reply's text, or the message saying what is wrong with it. */
export function readReply(form: FormData): { body: string } | { error: string } {
  const submission = parseWithZod(form, { schema: ReplySchema });
  if (submission.status !== "success") return { error: submission.error?.body?.[0] ?? "Write a reply before sending" };
  return { body: submission.value.body };
}
