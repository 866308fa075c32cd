import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Button, Flex } from "~/components/ui";
import { useId, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field } from "./forms";
import { SpriteIcon } from "./sprite-icon";

/** What each password input of the group takes: its type and the class that masks it without JS. */
export type PasswordInputProps = {
  type: "password" | "text";
  className?: string;
  spellCheck: false;
  autoCapitalize: "off";
};

/**
 * A group of password inputs with one show/hide toggle (spec: Settings → Profile). With JS a button
 * switches the inputs between type password and text. Without JS a checkbox before the fields
 * unmasks them by CSS (styles/settings.css): the inputs are text drawn as discs until it is ticked.
 */
export function PasswordFields({
  single = false,
  children,
}: {
  single?: boolean;
  children: (input: PasswordInputProps) => ReactNode;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const id = useId();
  const noun = single ? "password" : "passwords";
  if (hydrated) {
    return (
      <Flex direction="column" gap="3">
        {children({ type: shown ? "text" : "password", spellCheck: false, autoCapitalize: "off" })}
        <Flex>
          <Button type="button" variant="ghost" size="1" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
            {shown ? <SpriteIcon name="eye-closed" /> : <SpriteIcon name="eye-open" />}
            {shown ? `Hide ${noun}` : `Show ${noun}`}
          </Button>
        </Flex>
      </Flex>
    );
  }
  return (
    <div>
      <input type="checkbox" id={id} className="password-reveal" />
      <label htmlFor={id} className="password-reveal-label">
        Show {noun}
      </label>
      <Flex direction="column" gap="3" mt="2" className="password-fields">
        {children({ type: "text", className: "password-masked", spellCheck: false, autoCapitalize: "off" })}
      </Flex>
    </div>
  );
}

type PasswordField = FieldMetadata<string, Record<string, unknown>, string[]>;

/**
 * Current, new and confirm: the change-password form's fields with their show/hide toggle, shared
 * by Settings → Profile and the forced change (/change-password). `hint` is the id of the text that
 * states the password rules; the new password's input points to it while it has no error.
 */
export function ChangePasswordFields({
  fields,
  hint,
}: {
  fields: { currentPassword: PasswordField; newPassword: PasswordField; confirmPassword: PasswordField };
  hint: string;
}) {
  return (
    <PasswordFields>
      {(input) => (
        <>
          <Field
            label="Current Password"
            inputProps={{
              ...getInputProps(fields.currentPassword, { type: "password" }),
              ...input,
              autoComplete: "current-password",
            }}
            errors={fields.currentPassword.errors}
          />
          <Field
            label="New Password"
            inputProps={{
              ...getInputProps(fields.newPassword, { type: "password" }),
              ...input,
              autoComplete: "new-password",
              ...(fields.newPassword.errors?.length ? {} : { "aria-describedby": hint }),
            }}
            errors={fields.newPassword.errors}
          />
          <Field
            label="Confirm New Password"
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              ...input,
              autoComplete: "new-password",
            }}
            errors={fields.confirmPassword.errors}
          />
        </>
      )}
    </PasswordFields>
  );
}
