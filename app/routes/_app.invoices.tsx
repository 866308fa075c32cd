import { Badge, Button, Flex } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { CustomerCell, DocumentListPage, DocumentRowActions } from "~/components/document-list";
import { FastLink } from "~/components/fast-link";
import { labelOf } from "~/components/select-field";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { StatusBadge } from "~/components/status-badge";
import { moneyContext } from "~/models/business.server";
import { listInvoices } from "~/models/invoice.server";
import { INVOICE_STATUSES } from "~/schemas/invoice";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { PaymentLinkPopover } from "~/components/payment-link";
import { parseRouteId } from "~/utils/params.server";
import { paymentLinkAction } from "~/forms/payment-link-action.server";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter } from "~/utils/list-search";
import { requireListSearch } from "~/utils/list-search.server";
import { isPayable } from "~/utils/invoice-rules";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Invoices · Cabinetry Jobs" }];

const filters = { status: choiceFilter(INVOICE_STATUSES) };
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const { list } = await requireListSearch(request, "invoices", filters);
  const db = await getDb();
  const ctx = await moneyContext(db);
  const { rows, total, stats } = await listInvoices(db, { ...list, today: ctx.today });
  return json({ invoices: rows, total, stats, list, timeZone: ctx.timeZone });
}

/** The list's Payment Link popover posts here (intent payment-link, invoiceId, provider). */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "invoices", "write");
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/invoices");
  const id = parseRouteId(String(form.get("invoiceId") ?? ""));
  if (form.get("intent") !== "payment-link" || id === null) return json({ error: "Unknown action" }, { status: 400 });
  return paymentLinkAction(request, id, form, back.startsWith("/invoices") ? back : "/invoices");
}

export default function Invoices() {
  const { invoices, total, stats, list, timeZone } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const [params] = useSearchParams();
  const openLink = params.get("paymentLink");
  return (
    <DocumentListPage
      what="invoices"
      subtitle="Bill customers and record their payments"
      stats={[
        { title: "Total Invoices", value: stats.total.toLocaleString("en-US"), testId: "stat-total" },
        { title: "Paid", value: stats.paid.toLocaleString("en-US"), testId: "stat-paid" },
        { title: "Overdue", value: stats.overdue.toLocaleString("en-US"), testId: "stat-overdue", color: "red" },
        { title: "Outstanding Balance", value: formatMoney(stats.outstanding), testId: "stat-outstanding" },
      ]}
      statuses={INVOICE_STATUSES.map((s) => ({ value: s, label: s === "partial" ? "Partial Payment" : labelOf(s) }))}
      list={list}
      total={total}
      empty={invoices.length === 0}
      headers={[
        "Invoice #",
        "Customer",
        "Title",
        "Status",
        { label: "Total", numeric: true },
        { label: "Balance", numeric: true },
        "Due Date",
        "Created",
        "Actions",
      ]}
    >
      {invoices.map((i) => {
        const payable = isPayable(i);
        return (
          <tr key={i.id} data-testid="invoice-row">
            <td className="nowrap">
              <FastLink to={`/invoices/${i.id}`}>{i.invoiceNumber}</FastLink>
            </td>
            <td>
              <CustomerCell customer={i.customer} />
            </td>
            <td>{i.title}</td>
            <td>
              <Flex gap="1" wrap="wrap">
                <StatusBadge status={i.status} />
                {i.overdue && i.status !== "overdue" ? <Badge color="red">Overdue</Badge> : null}
              </Flex>
            </td>
            <td className="num">{formatMoney(i.total)}</td>
            <td className="num">{formatMoney(i.balance)}</td>
            <td className="nowrap">{formatDate(i.dueDate)}</td>
            <td className="nowrap">{formatDate(i.createdAt, timeZone)}</td>
            <td>
              <DocumentRowActions
                what="invoices"
                id={i.id}
                number={i.invoiceNumber}
                after={
                  <PaymentLinkPopover
                    size="1"
                    invoiceId={i.id}
                    invoiceNumber={i.invoiceNumber}
                    action="/invoices"
                    redirectTo={`/invoices${query}`}
                    url={i.paymentLinkUrl}
                    provider={i.paymentLinkProvider}
                    disabled={!payable}
                    open={openLink === String(i.id)}
                  />
                }
              >
                {payable ? (
                  <Button asChild size="1" variant="soft">
                    <FastLink to={`/invoices/${i.id}/pay${query}`} preventScrollReset>
                      Record Payment
                    </FastLink>
                  </Button>
                ) : (
                  <Button size="1" variant="soft" disabled>
                    Record Payment
                  </Button>
                )}
              </DocumentRowActions>
            </td>
          </tr>
        );
      })}
    </DocumentListPage>
  );
}
