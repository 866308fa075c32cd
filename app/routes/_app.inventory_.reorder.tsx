import { Button, Card, Flex, Heading, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FastLink } from "~/components/fast-link";
import { formatCost, formatQuantity, InventoryHeader } from "~/components/inventory";
import { inventorySummary } from "~/models/inventory.server";
import { createDraftFromSuggestions, groupSuggestions, reorderSuggestions } from "~/models/purchasing.server";
import { FromSuggestionsSchema } from "~/schemas/purchasing";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { can } from "~/utils/permissions";
import { refusalToast } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Reorder · Inventory · Cabinetry Jobs" }];

// Reorder suggestions (issue 13 item 6; docs/decisions/purchasing.md), by preferred supplier; one
// "Create draft PO" per supplier (a plain form: works without JavaScript) lands on the new draft.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "inventory");
  const db = await getDb();
  const [list, summary] = await Promise.all([reorderSuggestions(db), inventorySummary(db)]);
  return json({ groups: groupSuggestions(list), summary, canWrite: can(user.viewRole, "inventory", "write") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "inventory", "write");
  const parsed = FromSuggestionsSchema.safeParse({ supplierId: (await request.formData()).get("supplierId") });
  if (!parsed.success)
    return redirectWithToast(request, "/inventory/reorder", {
      type: "error",
      title: "No draft created",
      description: parsed.error.issues[0].message,
    });
  try {
    const order = await createDraftFromSuggestions(await getDb(), parsed.data.supplierId, user.id);
    return redirectWithToast(request, `/inventory/purchase-orders/${order.id}`, {
      title: "Draft purchase order created",
      description: `${order.poNumber} holds the suggested quantities: check them, then place the order.`,
    });
  } catch (error) {
    return refusalToast(request, "/inventory/reorder", error, "No draft created");
  }
}

export default function Reorder() {
  const { groups, summary, canWrite } = useLoaderData<typeof loader>();
  const pending = useNavigation().state === "submitting";
  return (
    <>
      <InventoryHeader current="reorder" summary={summary} />
      <Text as="p" size="2" color="gray" mb="3">
        Suggested = reorder quantity − (on hand − still needed by open jobs + on order + in draft orders). Orders
        already placed or drafted count, so nothing is suggested twice.
      </Text>
      {groups.length === 0 ? (
        <Card size="2">
          <EmptyState title="Nothing to reorder" hint="Every item with a reorder quantity is covered." />
        </Card>
      ) : null}
      {groups.map((g) => (
        <Card key={g.supplierId ?? "none"} size="2" mb="4" data-testid="reorder-group">
          <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
            <Heading as="h2" size="4">
              {g.supplierName ?? "No preferred supplier"}
            </Heading>
            {canWrite && g.supplierId ? (
              <Form method="post">
                <input type="hidden" name="supplierId" value={g.supplierId} />
                <Button type="submit" disabled={pending}>
                  Create draft PO
                </Button>
              </Form>
            ) : null}
            {!g.supplierId ? (
              <Text size="2" color="gray">
                Set a preferred supplier on these items to order them from here.
              </Text>
            ) : null}
          </Flex>
          <DataTable
            label={`Reorder suggestions: ${g.supplierName ?? "no preferred supplier"}`}
            headers={[
              "Item",
              { label: "On hand", numeric: true },
              { label: "Needed by jobs", numeric: true },
              { label: "On order", numeric: true },
              { label: "Target", numeric: true },
              { label: "Suggested", numeric: true },
              { label: "Order", numeric: true },
              { label: "Unit cost", numeric: true },
            ]}
          >
            {g.items.map((s) => (
              <tr key={s.itemId} data-testid="suggestion-row">
                <td className="c-main">
                  <FastLink to={`/inventory/${s.itemId}/edit`}>{s.name}</FastLink>
                  <Text as="div" size="1" color="gray">
                    {s.sku}
                  </Text>
                </td>
                <td className="num" data-label="On hand">
                  {formatQuantity(s.onHand)} {s.unit}
                </td>
                <td className="num" data-label="Needed by jobs">
                  {formatQuantity(s.needed)}
                </td>
                <td className="num" data-label="On order">
                  {formatQuantity(s.onOrder)}
                  {s.inDraft !== "0.0000" ? (
                    <Text as="div" size="1" color="gray">
                      + {formatQuantity(s.inDraft)} in drafts
                    </Text>
                  ) : null}
                </td>
                <td className="num" data-label="Target">
                  {formatQuantity(s.target)}
                </td>
                <td className="num" data-label="Suggested" data-testid="suggested">
                  {formatQuantity(s.suggested)} {s.unit}
                </td>
                <td className="num" data-label="Order" data-testid="order-quantity">
                  {formatQuantity(s.orderQuantity)} {s.purchaseUnit}
                </td>
                <td className="num" data-label="Unit cost">
                  {formatCost(s.unitCost)}
                </td>
              </tr>
            ))}
          </DataTable>
        </Card>
      ))}
      <Text as="p" size="2" color="gray">
        Placed and draft orders are on the <Link to="/inventory/purchase-orders">Purchase Orders</Link> tab.
      </Text>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
