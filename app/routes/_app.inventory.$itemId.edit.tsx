import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { formatCost, QuantityWithUnit } from "~/components/inventory";
import { ItemForm } from "~/components/item-form";
import { useKeptQuery } from "~/components/use-kept-query";
import { getItem, itemFormOptions, updateItem } from "~/models/inventory.server";
import { ItemSchema } from "~/schemas/inventory";
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
  return json({ item, ...(await itemFormOptions(db)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const id = requireId(params.itemId, "Item");
  const submission = parseWithZod(await request.formData(), { schema: ItemSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const item = await updateItem(await getDb(), id, submission.value);
    return redirectWithToast(request, `/inventory${new URL(request.url).search}`, {
      title: "Item updated",
      description: `${item.sku} · ${item.name} has been updated.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function EditItem() {
  const { item, categories, suppliers } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/inventory${useKeptQuery()}`;
  const { currentStock, averageCost, ...values } = item;
  return (
    <DialogRoute title="Edit Item" description={`${item.sku} · ${item.name}`} closeTo={back} width={720}>
      <Text as="p" size="2" mb="3" data-testid="item-ledger-figures">
        On hand <QuantityWithUnit value={currentStock} unit={item.unit} /> · average cost {formatCost(averageCost)}
      </Text>
      <ItemForm
        lastResult={data?.result}
        defaultValue={{
          ...values,
          tags: values.tags.join(", "),
          trackStock: String(values.trackStock),
          active: String(values.active),
          categoryId: values.categoryId ? String(values.categoryId) : "",
          preferredSupplierId: values.preferredSupplierId ? String(values.preferredSupplierId) : "",
        }}
        categories={categories}
        suppliers={suppliers}
        cancelTo={back}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
