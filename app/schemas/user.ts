import { z } from "zod";
import { ROLES } from "../utils/permissions";
import { optionalEmail, optionalText, requiredText } from "./common";
import { flag } from "./ops-common";

// Staff accounts and passwords (decisions §2): Settings → Profile, Settings → Staff and /api/users.
// The password rules come from Settings → Security, so the password schemas are built per request
// from the current policy (the page passes the same policy to the browser for live validation).

export type PasswordPolicy = {
  minPasswordLength: number;
  requireNumbers: boolean;
  requireSpecial: boolean;
  requireUppercase: boolean;
};

/** The sign-in form refuses longer passwords, so nobody may set one. */
export const MAX_PASSWORD_LENGTH = 200;

/** The policy in words, for the hint under a new-password field. */
export function describePolicy(policy: PasswordPolicy) {
  const parts = [`at least ${policy.minPasswordLength} characters`];
  if (policy.requireNumbers) parts.push("a number");
  if (policy.requireSpecial) parts.push("a special character");
  if (policy.requireUppercase) parts.push("upper and lower case letters");
  return parts.length === 1
    ? `Use ${parts[0]}.`
    : `Use ${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}.`;
}

/** What a password lacks under the policy (empty when it is acceptable). */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  if (password.length < policy.minPasswordLength)
    problems.push(`Password must be at least ${policy.minPasswordLength} characters`);
  if (password.length > MAX_PASSWORD_LENGTH)
    problems.push(`Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  if (policy.requireNumbers && !/\d/.test(password)) problems.push("Password must contain a number");
  if (policy.requireSpecial && !/[^\p{L}\p{N}]/u.test(password))
    problems.push("Password must contain a special character");
  if (policy.requireUppercase && !(/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password))) {
    problems.push("Password must contain upper and lower case letters");
  }
  return problems;
}

/** A new password under the policy. Never trimmed: spaces are part of a password. */
export const newPassword = (policy: PasswordPolicy, requiredMessage = "Enter a new password") =>
  z
    .string({ required_error: requiredMessage, invalid_type_error: "Password must be text" })
    .superRefine((value, ctx) => {
      if (value === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: requiredMessage });
        return;
      }
      for (const message of passwordProblems(value, policy)) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    });

/** Required (no default): a PUT that forgot the role must not quietly demote anyone. */
const roleField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.enum(ROLES, {
    errorMap: (_issue, ctx) => ({
      message: ctx.data === undefined ? "Role is required" : `Role must be one of ${ROLES.join(", ")}`,
    }),
  }),
);

/** Settings → Profile: the signed-in user's own details (the role is shown, never edited here). */
export const ProfileSchema = z
  .object({
    firstName: requiredText(100, "First name is required"),
    lastName: optionalText(100, "Last name"),
    email: optionalEmail(),
    phone: optionalText(40, "Phone"),
    /** E-mail me office notifications (docs/decisions/notifications.md); unchecked sends nothing = off. */
    notifyEmail: flag(false),
  })
  .superRefine((value, ctx) => {
    if (value.notifyEmail && !value.email)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["email"],
        message: "Enter your email address to get notifications by email",
      });
  });
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** Settings → Profile → Change Password (spec: current, new, confirm). */
export const makeChangePasswordSchema = (policy: PasswordPolicy) =>
  z
    .object({
      currentPassword: z
        .string({ required_error: "Enter your current password" })
        .min(1, "Enter your current password"),
      newPassword: newPassword(policy),
      confirmPassword: z.string({ required_error: "Confirm the new password" }),
    })
    .superRefine((value, ctx) => {
      if (value.confirmPassword !== value.newPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "Passwords do not match" });
      }
      if (value.newPassword && value.newPassword === value.currentPassword) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["newPassword"],
          message: "Choose a password different from the current one",
        });
      }
    });

const username = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z
    .string({ required_error: "Username is required", invalid_type_error: "Username must be text" })
    .min(1, "Username is required")
    .max(100, "Username must be at most 100 characters")
    .regex(/^\S+$/, "Username must not contain spaces"),
);

const staffDetails = {
  name: requiredText(200, "Name is required"),
  email: optionalEmail(),
  phone: optionalText(40, "Phone"),
  role: roleField,
};

/** Settings → Staff → Add User and POST /api/users: always created active. */
export const makeStaffCreateSchema = (policy: PasswordPolicy) =>
  z.object({ username, ...staffDetails, password: newPassword(policy, "Enter an initial password") });
export type StaffCreateInput = z.infer<ReturnType<typeof makeStaffCreateSchema>>;

/** Settings → Staff → Edit and PUT /api/users/{id} (PATCH takes any subset). */
export const StaffUpdateSchema = z.object({ ...staffDetails, active: flag(true) });
export type StaffUpdateInput = z.infer<typeof StaffUpdateSchema>;
export const StaffPatchSchema = StaffUpdateSchema.partial();

/** Settings → Staff → Reset Password and POST /api/users/{id}/password. */
export const makeResetPasswordSchema = (policy: PasswordPolicy) => z.object({ password: newPassword(policy) });
