import { Box, Button, Card, Flex, Heading, Text } from "~/components/ui";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { CodeField, EnrolmentCode, RecoveryCodes } from "~/components/two-factor";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { confirmEnrolment, startEnrolment, twoFactorStatus, verifySecondFactor } from "~/models/two-factor.server";
import { getActiveSessionUser } from "~/models/user.server";
import { completeSignIn } from "~/services/sign-in.server";
import { clearPendingCookie, getCurrentUser, getPendingSignIn } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { isRefusal } from "~/utils/refusal.server";

// The second step of signing in (docs/decisions/security.md): the password was right, and the
// session holds only a waiting sign-in (10 minutes). `verify`: a code from the app or a recovery
// code. `enrol`: the owner requires two-factor sign-in and this user has not set it up, so they do
// it now; confirming shows the recovery codes once and signs in.

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in · Cabinetry Jobs" }];

async function waitingUser(request: Request) {
  const pending = await getPendingSignIn(request);
  if (!pending) return null;
  const user = await getActiveSessionUser(await getDb(), pending.userId);
  // A password change or deactivation since the password was checked ends the attempt.
  if (!user || user.sessionVersion !== pending.sessionVersion) return null;
  return { pending, user };
}

const backToLogin = () => redirect("/login");

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCurrentUser(request)) throw redirect("/");
  const waiting = await waitingUser(request);
  if (!waiting) throw backToLogin();
  const { pending, user } = waiting;
  // Once enrolled (the page's own action just confirmed it: a browser without JS renders the
  // recovery codes with this loader's data), there is nothing to enrol any more.
  if (pending.step === "enrol" && !(await twoFactorStatus(await getDb(), user.id)).enrolled) {
    const enrolment = await startEnrolment(await getDb(), user.id);
    return json({ step: "enrol" as const, name: user.name, secret: enrolment.secret, qrSvg: enrolment.qrSvg });
  }
  return json({ step: pending.step, name: user.name, secret: null, qrSvg: null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "cancel") {
    return redirect("/login", { headers: { "Set-Cookie": await clearPendingCookie(request) } });
  }
  const waiting = await waitingUser(request);
  if (!waiting) {
    return json(
      { error: "The sign-in took too long or was ended. Sign in again with your password.", codes: null, to: null },
      { status: 400 },
    );
  }
  const { pending, user } = waiting;
  const db = await getDb();
  const code = String(form.get("code") ?? "");
  try {
    if (pending.step === "enrol") {
      const codes = await confirmEnrolment(db, user.id, code);
      const headers = await completeSignIn(request, context, user);
      return json({ error: null, codes, to: pending.redirectTo }, { headers });
    }
    await verifySecondFactor(db, user.id, code);
    return redirect(pending.redirectTo, { headers: await completeSignIn(request, context, user) });
  } catch (error) {
    if (isRefusal(error)) return json({ error: error.message, codes: null, to: null }, { status: error.status });
    throw error;
  }
}

// Once the recovery codes are shown the browser is signed in: reloading this page's data would send
// it away from the codes before they are saved.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { codes?: unknown } | undefined)?.codes ? false : defaultShouldRevalidate;

export default function TwoFactorSignIn() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (result?.codes) {
    return (
      <Frame>
        <Heading as="h1" size="6">
          Two-factor sign-in is on
        </Heading>
        <RecoveryCodes codes={result.codes} />
        <Button asChild size="3">
          <Link to={result.to ?? "/"}>I have saved them — continue</Link>
        </Button>
      </Frame>
    );
  }
  return (
    <Frame>
      <Box>
        <Heading as="h1" size="6">
          {data.step === "enrol" ? "Set up two-factor sign-in" : "Two-factor sign-in"}
        </Heading>
        <Text color="gray" size="2">
          {data.step === "enrol"
            ? `${data.name}, your business requires a code from an authenticator app at every sign-in.`
            : `${data.name}, enter the 6-digit code from your authenticator app.`}
        </Text>
      </Box>
      {data.step === "enrol" && data.qrSvg && data.secret ? (
        <EnrolmentCode qrSvg={data.qrSvg} secret={data.secret} />
      ) : null}
      <Form method="post">
        <Flex direction="column" gap="3">
          <CodeField
            label={data.step === "enrol" ? "Code from the app" : "Authentication code or recovery code"}
            error={result?.error ?? undefined}
            allowRecovery={data.step === "verify"}
            autoFocus
          />
          {data.step === "verify" ? (
            <Text size="1" color="gray">
              Lost your phone? Enter one of your recovery codes instead.
            </Text>
          ) : null}
          <Button type="submit" size="3" name="intent" value={data.step} disabled={busy}>
            {busy ? "Checking..." : data.step === "enrol" ? "Turn on and sign in" : "Sign in"}
          </Button>
        </Flex>
      </Form>
      <Form method="post">
        <Button type="submit" name="intent" value="cancel" variant="ghost" size="3">
          Cancel and sign in as someone else
        </Button>
      </Form>
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Flex asChild align="center" justify="center" style={{ minHeight: "100vh" }} p="4">
      <main>
        <Card size="4" style={{ width: "100%", maxWidth: 440 }}>
          <Flex direction="column" gap="4">
            {children}
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
