// The pieces of two-factor sign-in shared by the sign-in step (/login/two-factor) and the user's own
// page (/two-factor): the QR code with the secret as text, the code field, the recovery codes.
import { Box, Callout, Code, Flex, Text, TextField } from "~/components/ui";

/** The server-rendered QR code (an SVG made by the qrcode library from the otpauth:// address). */
export function EnrolmentCode({ qrSvg, secret }: { qrSvg: string; secret: string }) {
  // Groups of four, as authenticator apps show it; spaces are ignored when typed in.
  const grouped = secret.replace(/(.{4})/g, "$1 ").trim();
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2">
        1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
      </Text>
      <Box
        className="totp-qr"
        style={{ width: 200, maxWidth: "100%", background: "#fff", lineHeight: 0 }}
        role="img"
        aria-label="QR code for your authenticator app"
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <Text as="p" size="2">
        Cannot scan it? Enter this key in the app instead (time-based, 6 digits):
      </Text>
      <Code size="3" data-testid="totp-secret" data-secret={secret} style={{ wordBreak: "break-all" }}>
        {grouped}
      </Code>
      <Text as="p" size="2">
        2. Enter the 6-digit code the app shows to finish.
      </Text>
    </Flex>
  );
}

export function CodeField({
  label = "Authentication code",
  error,
  allowRecovery = false,
  autoFocus = false,
}: {
  label?: string;
  error?: string;
  allowRecovery?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <label>
      <Text as="div" size="2" weight="medium" mb="1">
        {label}
      </Text>
      <TextField.Root
        name="code"
        size="3"
        autoComplete="one-time-code"
        inputMode={allowRecovery ? "text" : "numeric"}
        required
        maxLength={allowRecovery ? 40 : 12}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "code-error" : undefined}
      />
      {error ? (
        <Text as="p" size="2" color="red" id="code-error" role="alert" mt="1">
          {error}
        </Text>
      ) : null}
    </label>
  );
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Flex direction="column" gap="3">
      <Callout.Root color="amber">
        <Callout.Text>
          Save these recovery codes somewhere safe now: they are shown only this once. Each one signs you in once
          instead of a code from your app, if you lose your phone.
        </Callout.Text>
      </Callout.Root>
      <ol
        className="recovery-codes"
        data-testid="recovery-codes"
        style={{
          display: "grid",
          gridTemplateColumns: "repeat(auto-fill, minmax(9rem, 1fr))",
          gap: "0.5rem 1rem",
          margin: 0,
          paddingLeft: "1.5rem",
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code size="3">{code}</Code>
          </li>
        ))}
      </ol>
    </Flex>
  );
}
