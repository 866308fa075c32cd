import { Button, Card, Flex, Grid, Heading, Text, TextField } from "~/components/ui";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { ActionMenu, ActionMenuLink, ActionMenuSubmit } from "~/components/action-menu";
import { DataTable } from "~/components/data-table";
import { useDisplay } from "~/components/date-display";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FastLink } from "~/components/fast-link";
import { formatCost, formatQuantity, formatTotal, PoStatusBadge, QuantityWithUnit } from "~/components/inventory";
import { PageHeader } from "~/components/page-header";
import {
  deletePurchaseOrder,
  getPurchaseOrder,
  purchaseOrderReceipts,
  receivePurchaseOrder,
  setPurchaseOrderStatus,
} from "~/models/purchasing.server";
import { ReceiveSchema } from "~/schemas/purchasing";
import { requirePermission } from "~/utils/auth.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { requireId } from "~/utils/params.server";
import { can } from "~/utils/permissions";
import { requireFound } from "~/utils/refusal.server";
import { refusalToast } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";
import { SpriteIcon } from "~/components/sprite-icon";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.order.poNumber ?? "Purchase order"} · Inventory · Cabinetry Jobs` },
];

// A purchase order's page (issue 13 item 6): its lines, Receive (part or all; one transaction),
// Place order, Cancel, Edit/Delete while a draft, the PDF and "E-mail to supplier".
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "inventory");
  const db = await getDb();
  const id = requireId(params.poId, "Purchase order");
  const order = requireFound(await getPurchaseOrder(db, id), "Purchase order");
  const receipts = await purchaseOrderReceipts(db, id);
  return json({ order, receipts, canWrite: can(user.viewRole, "inventory", "write") });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "inventory", "write");
  const id = requireId(params.poId, "Purchase order");
  const here = `/inventory/purchase-orders/${id}`;
  const db = await getDb();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  try {
    if (intent === "place") {
      const order = await setPurchaseOrderStatus(db, id, "ordered", user.id);
      return redirectWithToast(request, here, {
        title: "Order placed",
        description: `${order.poNumber} is ordered: receive it when it arrives.`,
      });
    }
    if (intent === "cancel") {
      const order = await setPurchaseOrderStatus(db, id, "cancelled", user.id);
      return redirectWithToast(request, here, { title: "Purchase order cancelled", description: order.poNumber });
    }
    if (intent === "delete") {
      const { poNumber } = await deletePurchaseOrder(db, id);
      return redirectWithToast(request, "/inventory/purchase-orders", {
        title: "Draft deleted",
        description: `${poNumber} has been deleted.`,
      });
    }
    if (intent === "receive" || intent === "receive-all") {
      const submission = parseWithZod(formData, { schema: ReceiveSchema });
      if (submission.status !== "success")
        return redirectWithToast(request, here, {
          type: "error",
          title: "Nothing received",
          description: Object.values(submission.error ?? {}).flat()[0] ?? "Check the quantities",
        });
      const { order, receipts } = await receivePurchaseOrder(
        db,
        id,
        { ...submission.value, all: intent === "receive-all" },
        user.id,
      );
      return redirectWithToast(request, here, {
        title: order.status === "received" ? "Purchase order received" : "Partially received",
        description: `${receipts.length} receipt${receipts.length === 1 ? "" : "s"} added to stock.`,
      });
    }
  } catch (error) {
    return refusalToast(request, here, error, intent.startsWith("receive") ? "Nothing received" : "Not done");
  }
  return redirectWithToast(request, here, { type: "error", title: "Unknown action" });
}

export default function PurchaseOrderPage() {
  const display = useDisplay();
  const { order, receipts, canWrite } = useLoaderData<typeof loader>();
  const pending = useNavigation().state === "submitting";
  const s = order.supplier;
  const receivable = canWrite && (order.status === "ordered" || order.status === "partial");
  const anyReceived = order.lines.some((l) => l.receivedQuantity !== "0.0000");
  const base = `/inventory/purchase-orders/${order.id}`;
  return (
    <>
      <PageHeader
        title={order.poNumber}
        subtitle={`Purchase order to ${s.name}`}
        actions={
          <>
            {canWrite && order.status === "draft" ? (
              <Form method="post">
                <Button type="submit" name="intent" value="place">
                  Place order
                </Button>
              </Form>
            ) : null}
            {canWrite && order.status !== "cancelled" ? (
              <Button asChild variant={order.status === "draft" ? "soft" : "solid"}>
                <Link to={`${base}/send`} preventScrollReset>
                  <SpriteIcon name="inbox" /> E-mail to supplier
                </Link>
              </Button>
            ) : null}
            <ActionMenu>
              <ActionMenuLink to={`${base}/pdf`} reloadDocument icon={<SpriteIcon name="download" />}>
                Download PDF
              </ActionMenuLink>
              {canWrite && order.status === "draft" ? (
                <ActionMenuLink to={`${base}/edit`} icon={<SpriteIcon name="pencil" />}>
                  Edit
                </ActionMenuLink>
              ) : null}
              {canWrite && (order.status === "draft" || order.status === "ordered") && !anyReceived ? (
                <ActionMenuSubmit intent="cancel" icon={<SpriteIcon name="close" />} danger>
                  Cancel order
                </ActionMenuSubmit>
              ) : null}
              {canWrite && order.status === "draft" ? (
                <ActionMenuSubmit intent="delete" icon={<SpriteIcon name="trash" />} danger>
                  Delete draft
                </ActionMenuSubmit>
              ) : null}
            </ActionMenu>
          </>
        }
      />
      <Flex mb="3">
        <Button asChild variant="ghost" size="2">
          <Link to="/inventory/purchase-orders">← Purchase orders</Link>
        </Button>
      </Flex>
      <Card size="2" mb="4">
        <Grid columns={{ initial: "1", sm: "2", md: "4" }} gap="3">
          <div>
            <Text as="div" size="1" color="gray">
              Status
            </Text>
            <PoStatusBadge status={order.status} />
          </div>
          <div>
            <Text as="div" size="1" color="gray">
              Supplier
            </Text>
            <Text as="div">{s.name}</Text>
            <Text as="div" size="1" color="gray" data-testid="supplier-email">
              {s.email ?? "No email address"}
            </Text>
          </div>
          <div>
            <Text as="div" size="1" color="gray">
              Ordered / expected
            </Text>
            <Text as="div">
              {order.orderedAt ? formatDate(order.orderedAt, display) : "Not yet"} /{" "}
              {order.expectedDate ? formatDate(order.expectedDate, display) : "—"}
            </Text>
          </div>
          <div>
            <Text as="div" size="1" color="gray">
              Total
            </Text>
            <Text as="div" weight="bold" data-testid="po-total">
              {formatMoney(order.total)}
            </Text>
          </div>
        </Grid>
        {order.notes ? (
          <Text as="p" size="2" mt="3">
            {order.notes}
          </Text>
        ) : null}
      </Card>
      <Card size="2" mb="4">
        <Heading as="h2" size="4" mb="3">
          Lines
        </Heading>
        <Form method="post" preventScrollReset>
          <DataTable
            label="Purchase order lines"
            headers={[
              "Item",
              { label: "Ordered", numeric: true },
              { label: "Received", numeric: true },
              { label: "Unit cost", numeric: true },
              { label: "Line total", numeric: true },
              ...(receivable ? ["Receive now"] : []),
            ]}
          >
            {order.lines.map((l, index) => (
              <tr key={l.id} data-testid="po-line-row">
                <td className="c-main">
                  <FastLink to={`/inventory/transactions?itemId=${l.itemId}`}>{l.itemName}</FastLink>
                  <Text as="div" size="1" color="gray">
                    {l.sku}
                    {l.unitMultiplier !== "1.0000"
                      ? ` · ${l.purchaseUnit} of ${formatQuantity(l.unitMultiplier)} ${l.unit}`
                      : ""}
                    {l.jobId ? (
                      <>
                        {" · for "}
                        <FastLink to={`/jobs/${l.jobId}`}>{l.jobTitle}</FastLink>
                      </>
                    ) : null}
                  </Text>
                </td>
                <td className="num" data-label="Ordered">
                  {formatQuantity(l.quantity)} {l.purchaseUnit}
                  {l.unitMultiplier !== "1.0000" ? (
                    <Text as="div" size="1" color="gray">
                      = <QuantityWithUnit value={l.stockQuantity} unit={l.unit} />
                    </Text>
                  ) : null}
                </td>
                <td className="num" data-label="Received" data-testid="po-line-received">
                  {formatQuantity(l.receivedQuantity)} {l.purchaseUnit}
                </td>
                <td className="num" data-label="Unit cost">
                  {formatCost(l.unitCost)}
                  {l.unitMultiplier !== "1.0000" ? (
                    <Text as="div" size="1" color="gray">
                      {formatCost(l.stockUnitCost)}/{l.unit}
                    </Text>
                  ) : null}
                </td>
                <td className="num" data-label="Line total">
                  {formatMoney(l.lineTotal)}
                </td>
                {receivable ? (
                  <td data-label="Receive now">
                    <input type="hidden" name={`lines[${index}].lineId`} value={l.id} />
                    {l.remaining !== "0.0000" ? (
                      <TextField.Root
                        name={`lines[${index}].quantity`}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder={`${formatQuantity(l.remaining)} left`}
                        aria-label={`Quantity of ${l.sku} received (${l.purchaseUnit})`}
                        style={{ maxWidth: 140 }}
                      />
                    ) : (
                      <Text size="2" color="green">
                        Complete
                      </Text>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
          {receivable ? (
            <Flex gap="3" mt="3" wrap="wrap" align="end">
              <div style={{ flex: 1, minWidth: 200 }}>
                <Text as="label" size="2" weight="medium" htmlFor="receive-notes">
                  Packing slip or notes (optional)
                </Text>
                <TextField.Root id="receive-notes" name="notes" maxLength={2000} />
              </div>
              <Button type="submit" name="intent" value="receive" disabled={pending}>
                Receive entered quantities
              </Button>
              <Button type="submit" name="intent" value="receive-all" variant="soft" disabled={pending}>
                Receive all remaining
              </Button>
            </Flex>
          ) : null}
        </Form>
      </Card>
      <Card size="2" mb="4">
        <Heading as="h2" size="4" mb="3">
          Receipts
        </Heading>
        {receipts.length === 0 ? (
          <Text size="2" color="gray">
            Nothing received yet.
          </Text>
        ) : (
          <DataTable
            label="Receipts"
            headers={[
              "Item",
              { label: "Quantity", numeric: true },
              { label: "Unit cost", numeric: true },
              "By",
              "Date",
              { label: "Total", numeric: true },
            ]}
          >
            {receipts.map((r) => (
              <tr key={r.id} data-testid="po-receipt-row">
                <td className="c-main">
                  {r.sku}
                  {r.notes ? (
                    <Text as="div" size="1" color="gray">
                      {r.notes}
                    </Text>
                  ) : null}
                </td>
                <td className="num" data-label="Quantity">
                  <QuantityWithUnit value={r.quantity} unit={r.unit} />
                </td>
                <td className="num" data-label="Unit cost">
                  {formatCost(r.unitCost)}
                </td>
                <td data-label="By">{r.createdByName ?? "—"}</td>
                <td className="c-date">{formatDateTime(r.createdAt, display)}</td>
                <td className="c-money">{formatTotal(r.totalCost)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
