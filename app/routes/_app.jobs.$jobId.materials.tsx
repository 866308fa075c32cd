import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { IssueForm, issuePickerFields, MaterialsTabs, UsageTable } from "~/components/job-materials";
import { readPickers } from "~/forms/picker.server";
import { useKeptQuery } from "~/components/use-kept-query";
import { issueMaterials, returnMaterial } from "~/models/inventory-ledger.server";
import { itemOptions, jobMaterialCost, jobMaterials, materialsForRole } from "~/models/inventory.server";
import { getJob } from "~/models/job.server";
import { IssueSchema, ReturnSchema } from "~/schemas/inventory";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { can, seesMoney } from "~/utils/permissions";
import type { ItemPickerRow, PickerLookups } from "~/utils/picker";
import { requireFound } from "~/utils/refusal.server";
import { refusalReply, refusalToast } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

// The job Materials dialog (spec §2 Jobs): 'Usage & Costs' and 'Issue Materials' (?tab=issue).
// Installers read it as quantities; issuing and returning need the Inventory area.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "jobs");
  const db = await getDb();
  const job = requireFound(await getJob(db, requireId(params.jobId, "Job")), "Job");
  const canIssue = can(user.viewRole, "inventory", "write");
  const money = seesMoney(user.viewRole) && can(user.viewRole, "inventory");
  const [usages, costs, options] = await Promise.all([
    jobMaterials(db, job.id),
    money ? jobMaterialCost(db, job.id) : null,
    // The Issue tab's item pickers: the items in use now, not every item (a Find box / combobox searches).
    canIssue && new URL(request.url).searchParams.get("tab") === "issue" ? itemOptions(db) : ([] as ItemPickerRow[]),
  ]);
  return json({
    job: { id: job.id, title: job.title, status: job.status },
    usages: money ? usages : materialsForRole(usages, "installer"),
    totalCost: costs?.totalCost ?? null,
    options,
    canIssue,
    showMoney: money,
  });
}

function backPath(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("tab");
  return `${url.pathname}${url.search}`;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "inventory", "write");
  const jobId = requireId(params.jobId, "Job");
  const db = await getDb();
  const formData = await request.formData();
  const back = backPath(request);
  if (formData.get("_action") === "return") {
    const usageId = requireId(String(formData.get("usageId") ?? ""), "Usage");
    const parsed = ReturnSchema.safeParse({ quantity: formData.get("quantity"), notes: formData.get("notes") });
    if (!parsed.success) return refusalToast(request, back, new Error(parsed.error.issues[0].message));
    try {
      const row = await returnMaterial(db, jobId, usageId, parsed.data, user.id);
      return redirectWithToast(request, back, {
        title: "Returned to stock",
        description: `${row.quantity.replace(/^-/, "").replace(/\.?0+$/, "")} returned at the issued cost.`,
      });
    } catch (error) {
      return refusalToast(request, back, error, "Return failed");
    }
  }
  const pickers = afterRemove(await readPickers(db, formData, issuePickerFields(formData)), formData);
  const submission = parseWithZod(formData, { schema: IssueSchema });
  if (submission.status !== "success")
    return json({ result: submission.reply(), pickers }, { status: submission.status === "error" ? 400 : 200 });
  try {
    await issueMaterials(db, jobId, submission.value, user.id);
    return redirectWithToast(request, back, {
      title: "Materials issued",
      description: "Materials have been successfully issued to the job.",
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers }, { status });
  }
}

/** "Remove" of line i (a conform list intent): the lines after it move up, and their pickers' lists with them. */
function afterRemove(pickers: PickerLookups, formData: FormData): PickerLookups {
  let intent: { type?: string; payload?: { name?: string; index?: number } } = {};
  try {
    intent = JSON.parse(String(formData.get("__intent__") ?? "{}"));
  } catch {
    return pickers;
  }
  const removed = intent.payload?.index;
  if (intent.type !== "remove" || intent.payload?.name !== "items" || typeof removed !== "number") return pickers;
  const moved: PickerLookups = {};
  for (const [name, lookup] of Object.entries(pickers)) {
    const index = Number(/^items\[(\d+)\]/.exec(name)?.[1] ?? -1);
    if (index > removed) moved[`items[${index - 1}].itemId`] = lookup;
    else if (index < removed) moved[name] = lookup;
  }
  return moved;
}

export default function JobMaterials() {
  const { job, usages, totalCost, options, canIssue, showMoney } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const query = useKeptQuery();
  const fromDetail = params.get("from") === "detail";
  const closeTo = fromDetail ? `/jobs/${job.id}` : `/jobs${query}`;
  const base = `/jobs/${job.id}/materials${fromDetail ? "?from=detail" : query}`;
  const tab = canIssue && (params.get("tab") === "issue" || data?.result) ? "issue" : "usage";
  return (
    <DialogRoute title="Materials" description={job.title} closeTo={closeTo} width={860}>
      {canIssue ? <MaterialsTabs base={base} current={tab} /> : null}
      {tab === "issue" ? (
        <IssueForm options={options} pickers={data?.pickers} lastResult={data?.result} />
      ) : (
        <UsageTable usages={usages} totalCost={totalCost} showMoney={showMoney} canReturn={canIssue} />
      )}
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
