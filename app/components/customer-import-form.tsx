import { Button, Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { ErrorList } from "~/components/forms";

export const CUSTOMER_IMPORT_PATH = "/settings/system/import";

/**
 * The customers CSV upload (docs/decisions/csv-export-and-import.md). A plain multipart form, so it
 * works without JS; the action lives at CUSTOMER_IMPORT_PATH, which shows this form again with the
 * errors.
 */
export function CustomerImportForm({ errors }: { errors?: string[] }) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formAction === CUSTOMER_IMPORT_PATH;
  return (
    <Form method="post" action={CUSTOMER_IMPORT_PATH} encType="multipart/form-data">
      <Flex direction="column" gap="2">
        <label htmlFor="customer-import-file">
          <Text size="2" weight="medium">
            Customers CSV file
          </Text>
        </label>
        <input
          id="customer-import-file"
          className="csv-file-input"
          type="file"
          name="file"
          accept=".csv,text/csv"
          required
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? "customer-import-errors" : undefined}
        />
        <p className="settings-note">
          Customers only. A header row is required: Name (or Customer Name), Email, Phone, Address (or Street), City,
          State, ZIP Code (or Zip, Postal Code), Notes. Up to 10,000 rows and 5 MB. If any row is invalid nothing is
          imported; rows whose e-mail a customer already has are skipped.
        </p>
        <ErrorList id="customer-import-errors" errors={errors} />
        <Flex>
          <Button type="submit" variant="soft" disabled={importing}>
            {importing ? "Importing..." : "Import Customers"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
