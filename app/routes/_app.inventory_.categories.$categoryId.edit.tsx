import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { CategoryForm } from "~/components/supplier-form";
import { useKeptQuery } from "~/components/use-kept-query";
import { getCategory, itemFormOptions, updateCategory } from "~/models/inventory.server";
import { CategorySchema } from "~/schemas/inventory";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const category = requireFound(await getCategory(await getDb(), requireId(params.categoryId, "Category")), "Category");
  const parents = (await itemFormOptions(await getDb())).categories.filter((c) => c.value !== String(category.id));
  return json({ category, parents });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const id = requireId(params.categoryId, "Category");
  const submission = parseWithZod(await request.formData(), { schema: CategorySchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const category = await updateCategory(await getDb(), id, submission.value);
    return redirectWithToast(request, `/inventory/categories${new URL(request.url).search}`, {
      title: "Category updated",
      description: `${category.name} has been updated.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function EditCategory() {
  const { category, parents } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/inventory/categories${useKeptQuery()}`;
  const values = Object.fromEntries(Object.entries(category).map(([k, v]) => [k, v === null ? undefined : String(v)]));
  return (
    <DialogRoute title="Edit Category" description={category.name} closeTo={back} width={640}>
      <CategoryForm
        lastResult={data?.result}
        parents={parents}
        defaultValue={values}
        cancelTo={back}
        submitLabel="Save Changes"
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
