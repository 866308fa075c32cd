import { Button, Flex, Link as RadixLink, Text } from "~/components/ui";
import { Form, useNavigation } from "@remix-run/react";
import { ErrorList } from "~/components/forms";
import { SelectField } from "~/components/select-field";
import {
  IMPORT_HELP,
  IMPORT_KINDS,
  IMPORT_LABELS,
  IMPORT_PATH,
  importSamplePath,
  type ImportKind,
} from "~/schemas/import";

/**
 * The CSV upload of Settings → System → Import Data (docs/decisions/csv-export-and-import.md): what
 * to import, the file, and per kind the expected columns with a sample file. A plain multipart form,
 * so it works without JS; the action lives at IMPORT_PATH, which shows this form again with errors.
 */
export function ImportForm({ errors, kind = "customers" }: { errors?: string[]; kind?: ImportKind }) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formAction === IMPORT_PATH;
  return (
    <Form method="post" action={IMPORT_PATH} encType="multipart/form-data">
      <Flex direction="column" gap="2">
        <div className="import-kind">
          <SelectField
            label="What to import"
            selectProps={{ id: "import-kind", name: "kind", defaultValue: kind }}
            options={IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_LABELS[k] }))}
          />
        </div>
        <label htmlFor="import-file">
          <Text size="2" weight="medium">
            CSV file
          </Text>
        </label>
        <input
          id="import-file"
          className="csv-file-input"
          type="file"
          name="file"
          accept=".csv,text/csv"
          required
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? "import-errors" : "import-limits"}
        />
        <p className="settings-note" id="import-limits">
          A header row is required; the headers the export writes are accepted. Up to 10,000 rows and 5 MB. If any row
          is invalid nothing is imported; rows already present are skipped.
        </p>
        <ErrorList id="import-errors" errors={errors} />
        <Flex>
          <Button type="submit" variant="soft" disabled={importing}>
            {importing ? "Importing..." : "Import"}
          </Button>
        </Flex>
        <div className="import-help">
          <Text as="p" size="2" weight="medium">
            Expected columns
          </Text>
          {IMPORT_KINDS.map((k) => (
            <details key={k} open={k === kind}>
              <summary>{IMPORT_LABELS[k]}</summary>
              <p className="settings-note">{IMPORT_HELP[k]}</p>
              <RadixLink href={importSamplePath(k)} download size="2" className="import-sample">
                Download a sample {IMPORT_LABELS[k].toLowerCase()} CSV
              </RadixLink>
            </details>
          ))}
        </div>
      </Flex>
    </Form>
  );
}
