import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { SupplierForm } from "~/components/supplier-form";
import { useKeptQuery } from "~/components/use-kept-query";
import { getSupplier, updateSupplier } from "~/models/inventory.server";
import { SupplierSchema } from "~/schemas/inventory";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const supplier = requireFound(await getSupplier(await getDb(), requireId(params.supplierId, "Supplier")), "Supplier");
  return json({ supplier });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const id = requireId(params.supplierId, "Supplier");
  const submission = parseWithZod(await request.formData(), { schema: SupplierSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const supplier = await updateSupplier(await getDb(), id, submission.value);
    return redirectWithToast(request, `/inventory/suppliers${new URL(request.url).search}`, {
      title: "Supplier updated",
      description: `${supplier.name} has been updated.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function EditSupplier() {
  const { supplier } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/inventory/suppliers${useKeptQuery()}`;
  const values = Object.fromEntries(Object.entries(supplier).map(([k, v]) => [k, v === null ? undefined : String(v)]));
  return (
    <DialogRoute title="Edit Supplier" description={supplier.name} closeTo={back} width={640}>
      <SupplierForm lastResult={data?.result} defaultValue={values} cancelTo={back} submitLabel="Save Changes" />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
