import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, Field } from "~/components/forms";
import { SelectField } from "~/components/select-field";
import { getSettings, saveSettings } from "~/models/settings.server";
import { PAYMENT_TERMS } from "~/schemas/invoice";
import { BusinessSettingsSchema, CURRENCIES } from "~/schemas/settings";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { redirectWithToast } from "~/utils/toast.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

// Settings → Business (spec §2). The details print on quote and invoice PDFs and e-mails and head
// the customer portal and payment pages; the currency is what payment links charge; the tax rate
// is the default of new quotes and invoices. Owner and office (the Settings entry of the sidebar).

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  const { business } = await getSettings(await getDb());
  return json({ business });
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "settings", "write");
  const submission = parseWithZod(await request.formData(), { schema: BusinessSettingsSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const v = submission.value;
  // Cleared optional fields are stored as "" so the demo defaults do not come back.
  await saveSettings(await getDb(), "business", {
    ...v,
    streetAddress: v.streetAddress ?? "",
    city: v.city ?? "",
    state: v.state ?? "",
    zipCode: v.zipCode ?? "",
    phone: v.phone ?? "",
    email: v.email ?? "",
    website: v.website ?? "",
  });
  return redirectWithToast(request, "/settings/business", {
    title: "Business Settings Updated",
    description: "Your business details have been saved.",
  });
}

export default function BusinessSettings() {
  const { business } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "business-settings",
    lastResult,
    defaultValue: { ...business, defaultMarkup: String(business.defaultMarkup) },
    constraint: getZodConstraint(BusinessSettingsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BusinessSettingsSchema }),
  });
  const currencies: string[] = CURRENCIES.includes(business.currency as (typeof CURRENCIES)[number])
    ? [...CURRENCIES]
    : [...CURRENCIES, business.currency];
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <div>
            <Heading as="h2" size="4">
              Business Information
            </Heading>
            <Text as="p" size="2" color="gray">
              Printed on quote and invoice PDFs and e-mails, and shown in the customer portal.
            </Text>
          </div>
          <Field
            label="Company Name"
            inputProps={{ ...getInputProps(fields.companyName, { type: "text" }), autoComplete: "organization" }}
            errors={fields.companyName.errors}
          />
          <Field
            label="Street Address"
            inputProps={getInputProps(fields.streetAddress, { type: "text" })}
            errors={fields.streetAddress.errors}
          />
          <Grid columns={{ initial: "1", sm: "3" }} gap="3">
            <Field label="City" inputProps={getInputProps(fields.city, { type: "text" })} errors={fields.city.errors} />
            <Field
              label="State"
              inputProps={getInputProps(fields.state, { type: "text" })}
              errors={fields.state.errors}
            />
            <Field
              label="ZIP Code"
              inputProps={getInputProps(fields.zipCode, { type: "text" })}
              errors={fields.zipCode.errors}
            />
          </Grid>
          <Grid columns={{ initial: "1", sm: "3" }} gap="3">
            <Field
              label="Business Phone"
              inputProps={getInputProps(fields.phone, { type: "tel" })}
              errors={fields.phone.errors}
            />
            <Field
              label="Business Email"
              inputProps={getInputProps(fields.email, { type: "email" })}
              errors={fields.email.errors}
            />
            <Field
              label="Website"
              inputProps={{
                ...getInputProps(fields.website, { type: "text" }),
                inputMode: "url",
                placeholder: "https://example.com",
              }}
              errors={fields.website.errors}
            />
          </Grid>
          <Heading as="h2" size="4" mt="2">
            Money
          </Heading>
          <Grid columns={{ initial: "1", sm: "2", md: "4" }} gap="3">
            <SelectField
              label="Currency"
              selectProps={getSelectProps(fields.currency)}
              options={currencies.map((c) => ({ value: c, label: c }))}
              errors={fields.currency.errors}
            />
            <Field
              label="Default Tax Rate (%)"
              inputProps={{
                ...getInputProps(fields.taxRatePercent, { type: "text" }),
                inputMode: "decimal",
                placeholder: "8.75",
              }}
              errors={fields.taxRatePercent.errors}
            />
            <Field
              label="Default Markup (%)"
              inputProps={{ ...getInputProps(fields.defaultMarkup, { type: "number" }), step: 1 }}
              errors={fields.defaultMarkup.errors}
            />
            <SelectField
              label="Default Payment Terms"
              selectProps={getSelectProps(fields.paymentTerms)}
              options={PAYMENT_TERMS.map((t) => ({ value: t, label: t }))}
              errors={fields.paymentTerms.errors}
            />
          </Grid>
          <p className="settings-note">
            Payment links charge in this currency. New quotes and invoices start with this tax rate (up to 4 decimals,
            e.g. 8.875: quotes store the rate as 0.08875). The default markup and payment terms are kept for reference:
            prices are not marked up automatically and new invoices still start with Net 30.
          </p>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Flex justify="end">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Business Settings"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
