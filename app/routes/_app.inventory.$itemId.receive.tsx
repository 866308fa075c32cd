import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { formatCost, formatQuantity, QuantityWithUnit } from "~/components/inventory";
import { StockForm } from "~/components/item-form";
import { useKeptQuery } from "~/components/use-kept-query";
import { receiveStock } from "~/models/inventory-ledger.server";
import { getItem, itemFormOptions } from "~/models/inventory.server";
import { ReceiveFormSchema } from "~/schemas/inventory";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Text } from "~/components/ui";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const db = await getDb();
  const item = requireFound(await getItem(db, requireId(params.itemId, "Item")), "Item");
  return json({ item, suppliers: (await itemFormOptions(db)).suppliers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "inventory", "write");
  const itemId = requireId(params.itemId, "Item");
  const submission = parseWithZod(await request.formData(), { schema: ReceiveFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const { item } = await receiveStock(await getDb(), { ...submission.value, itemId }, user.id);
    return redirectWithToast(request, `/inventory${new URL(request.url).search}`, {
      title: "Stock received",
      description: `${item.sku}: ${formatQuantity(item.currentStock)} ${item.unit} on hand, average cost ${formatCost(item.averageCost)}.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function ReceiveStock() {
  const { item, suppliers } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/inventory${useKeptQuery()}`;
  return (
    <DialogRoute title="Receive Stock" description={`${item.sku} · ${item.name}`} closeTo={back} width={600}>
      <Text as="p" size="2" mb="3">
        On hand <QuantityWithUnit value={item.currentStock} unit={item.unit} /> · average cost{" "}
        {formatCost(item.averageCost)}
      </Text>
      <StockForm
        kind="receive"
        schema={ReceiveFormSchema}
        lastResult={data?.result}
        unit={item.unit}
        suppliers={suppliers}
        defaultValue={{
          unitCost: item.lastCost ?? "",
          supplierId: item.preferredSupplierId ? String(item.preferredSupplierId) : "",
        }}
        cancelTo={back}
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
