import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { ItemForm } from "~/components/item-form";
import { useKeptQuery } from "~/components/use-kept-query";
import { createItem, itemFormOptions } from "~/models/inventory.server";
import { ItemSchema } from "~/schemas/inventory";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  return json(await itemFormOptions(await getDb()));
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const submission = parseWithZod(await request.formData(), { schema: ItemSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const item = await createItem(await getDb(), submission.value);
    return redirectWithToast(request, `/inventory${new URL(request.url).search}`, {
      title: "Inventory item created successfully",
      description: `${item.sku} · ${item.name}`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function NewItem() {
  const options = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/inventory${useKeptQuery()}`;
  return (
    <DialogRoute title="Add Item" closeTo={back} width={720}>
      <ItemForm
        lastResult={data?.result}
        {...options}
        cancelTo={back}
        submitLabel="Create"
        pendingLabel="Creating..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
