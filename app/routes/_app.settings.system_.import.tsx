import { Card, Flex, Heading, Link as RadixLink } from "~/components/ui";
import {
  json,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { ImportForm } from "~/components/import-form";
import { IMPORT_MAX_BYTES, importCsv, importSummary } from "~/models/csv-import.server";
import { IMPORT_DEFINITIONS } from "~/models/import-kinds.server";
import { ImportKindSchema, type ImportKind } from "~/schemas/import";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { isBodyTooLarge } from "~/utils/request-guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

// Settings → System → Import Data (docs/decisions/csv-export-and-import.md): customers, jobs,
// quotes, invoices or inventory items from a CSV file. The System tab posts its upload form here;
// this page shows the form again with what was wrong (400, never a 500).

const TOO_LARGE = "The file is larger than 5 MB. Split it into smaller files and import them one by one.";
const CSV_TYPES = new Set([
  "text/csv",
  "text/plain",
  "application/csv",
  "application/vnd.ms-excel",
  "text/comma-separated-values",
]);

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings", "write");
  return null;
}

const refuse = (...errors: string[]) => json({ errors, kind: undefined as ImportKind | undefined }, { status: 400 });
const refuseFor = (kind: ImportKind, errors: string[]) => json({ errors, kind }, { status: 400 });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings", "write");
  // Refuse an oversized body before reading it; the upload handler also stops at the limit.
  if (Number(request.headers.get("content-length") ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) return refuse(TOO_LARGE);
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: IMPORT_MAX_BYTES }),
    );
  } catch (error) {
    // The web process counts a body sent without Content-Length and cuts it at the same limit.
    if (error instanceof MaxPartSizeExceededError || isBodyTooLarge(error)) return refuse(TOO_LARGE);
    return refuse("The upload could not be read. Choose a CSV file and try again.");
  }
  const chosen = ImportKindSchema.safeParse(formData.get("kind") ?? undefined);
  if (!chosen.success) return refuse(chosen.error.issues[0].message);
  const kind = chosen.data;
  const def = IMPORT_DEFINITIONS[kind];
  if (!def) return refuseFor(kind, [`Importing ${kind} is not available yet.`]);
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return refuseFor(kind, [
      file instanceof File && file.name
        ? `The file is empty. Choose a CSV file with a header row and ${def.rowNoun}.`
        : "Choose a CSV file to import.",
    ]);
  }
  if (!file.name.toLowerCase().endsWith(".csv") && !CSV_TYPES.has(file.type.split(";")[0].trim().toLowerCase())) {
    return refuseFor(kind, [
      `"${file.name}" is not a CSV file. Save the spreadsheet as CSV (comma-separated values) and try again.`,
    ]);
  }
  let content: string;
  try {
    content = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return refuseFor(kind, ["The file is not UTF-8 text. Save the spreadsheet as “CSV UTF-8” and try again."]);
  }
  const outcome = await importCsv(await getDb(), def, content, { actorId: user.id, fileName: file.name });
  if (!outcome.ok) return refuseFor(kind, outcome.errors);
  return redirectWithToast(request, "/settings/system", {
    title: "Import complete",
    description: importSummary(def, outcome.result),
  });
}

export default function ImportData() {
  const actionData = useActionData<typeof action>();
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Import Data
        </Heading>
        <ImportForm errors={actionData?.errors} kind={actionData?.kind} />
        <RadixLink asChild size="2">
          <Link to="/settings/system">Back to System settings</Link>
        </RadixLink>
      </Flex>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
