import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Card, Flex, Grid, Heading, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Field } from "~/components/forms";
import { SettingsTabSave, useSettingsTabForm } from "~/components/settings-tab";
import { SelectField } from "~/components/select-field";
import { PAYMENT_TERMS } from "~/schemas/invoice";
import { BusinessSettingsSchema, CURRENCIES } from "~/schemas/settings";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loadSettingsTab, saveSettingsTab } from "~/forms/settings-tab.server";

// Settings → Business (spec §2). The details print on quote and invoice PDFs and e-mails and head
// the customer portal and payment pages; the currency is what payment links charge; the tax rate
// is the default of new quotes and invoices. Owner and office (the Settings entry of the sidebar).

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ business: await loadSettingsTab(request, "business") });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveSettingsTab(request, "business");
}

export default function BusinessSettings() {
  const { business } = useLoaderData<typeof loader>();
  const [form, fields] = useSettingsTabForm("business-settings", BusinessSettingsSchema, {
    ...business,
    defaultMarkup: String(business.defaultMarkup),
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
            e.g. 8.875: quotes store the rate as 0.08875) and new invoices with the default payment terms, their due
            date following. A quote or invoice line added from inventory is priced at the item&apos;s sell price, or
            else its average cost plus the default markup.
          </p>
          <SettingsTabSave form={form} label="Save Business Settings" />
        </Flex>
      </Form>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
