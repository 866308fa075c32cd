import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { CategoryForm } from "~/components/supplier-form";
import { useKeptQuery } from "~/components/use-kept-query";
import { createCategory, itemFormOptions } from "~/models/inventory.server";
import { CategorySchema } from "~/schemas/inventory";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  return json({ parents: (await itemFormOptions(await getDb())).categories });
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const submission = parseWithZod(await request.formData(), { schema: CategorySchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const category = await createCategory(await getDb(), submission.value);
    return redirectWithToast(request, `/inventory/categories${new URL(request.url).search}`, {
      title: "Category created",
      description: `${category.name} has been added.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function NewCategory() {
  const { parents } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/inventory/categories${useKeptQuery()}`;
  return (
    <DialogRoute title="Add Category" closeTo={back} width={640}>
      <CategoryForm lastResult={data?.result} parents={parents} cancelTo={back} submitLabel="Create Category" />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
