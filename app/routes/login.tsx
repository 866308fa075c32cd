import { Box, Button, Callout, Card, Flex, Heading, Text, TextField } from "~/components/ui";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { afterPassword } from "~/services/sign-in.server";
import { authenticateForm, getCurrentUser, LoginError, safeRedirect } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Sign in · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCurrentUser(request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  try {
    const user = await authenticateForm(request, context);
    return await afterPassword(request, context, user, redirectTo);
  } catch (error) {
    if (error instanceof LoginError) {
      return json({ error: error.message, username: String(form.get("username") ?? "") }, { status: error.status });
    }
    throw error;
  }
}

export default function Login() {
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting";
  return (
    <Flex asChild align="center" justify="center" style={{ minHeight: "100vh" }} p="4">
      <main>
        <Card size="4" style={{ width: "100%", maxWidth: 400 }}>
          <Form method="post">
            <Flex direction="column" gap="4">
              <Box>
                <Heading as="h1" size="6">
                  Sign in
                </Heading>
                <Text color="gray" size="2">
                  Cabinetry Jobs — staff sign-in
                </Text>
              </Box>
              {data?.error ? (
                <Callout.Root color="red" role="alert" id="login-error">
                  <Callout.Text>{data.error}</Callout.Text>
                </Callout.Root>
              ) : null}
              <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
              <label>
                <Text as="div" size="2" weight="medium" mb="1">
                  Username
                </Text>
                <TextField.Root
                  name="username"
                  autoComplete="username"
                  required
                  maxLength={100}
                  defaultValue={data?.username ?? ""}
                  autoFocus
                  aria-describedby={data?.error ? "login-error" : undefined}
                />
              </label>
              <label>
                <Text as="div" size="2" weight="medium" mb="1">
                  Password
                </Text>
                <TextField.Root
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  maxLength={200}
                />
              </label>
              <Button type="submit" size="3" disabled={busy}>
                {busy ? "Signing in..." : "Sign in"}
              </Button>
            </Flex>
          </Form>
        </Card>
      </main>
    </Flex>
  );
}
