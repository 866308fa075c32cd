import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { SupplierForm } from "~/components/supplier-form";
import { useKeptQuery } from "~/components/use-kept-query";
import { createSupplier } from "~/models/inventory.server";
import { SupplierSchema } from "~/schemas/inventory";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const submission = parseWithZod(await request.formData(), { schema: SupplierSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const supplier = await createSupplier(await getDb(), submission.value);
    return redirectWithToast(request, `/inventory/suppliers${new URL(request.url).search}`, {
      title: "Supplier created",
      description: `${supplier.name} has been added.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function NewSupplier() {
  const data = useActionData<typeof action>();
  const back = `/inventory/suppliers${useKeptQuery()}`;
  return (
    <DialogRoute title="Add Supplier" closeTo={back} width={640}>
      <SupplierForm lastResult={data?.result} cancelTo={back} submitLabel="Create Supplier" />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
