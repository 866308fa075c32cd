import { Pencil1Icon, PlusIcon } from "@radix-ui/react-icons";
import { Badge, Button, Card, Flex, Grid, Heading, IconButton, Text, Tooltip } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { StatCard } from "~/components/stat-card";
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
import { isPayable } from "~/utils/invoice-rules";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Invoices · Cabinetry Jobs" }];

const PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "invoices");
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 200);
  const rawStatus = url.searchParams.get("status") ?? "";
  const status = (INVOICE_STATUSES as readonly string[]).includes(rawStatus) ? rawStatus : "";
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const db = await getDb();
  const ctx = await moneyContext(db);
  const { rows, total, stats } = await listInvoices(db, {
    search,
    status: status || undefined,
    today: ctx.today,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return json({ invoices: rows, total, stats, page, pageSize: PAGE_SIZE, search, status, timeZone: ctx.timeZone });
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

/** Keeps the list's search, status and page on links into dialogs and back. */
export function useInvoiceListQuery() {
  const [params] = useSearchParams();
  const keep = new URLSearchParams();
  for (const key of ["search", "status", "page"]) {
    const value = params.get(key);
    if (value) keep.set(key, value);
  }
  const qs = keep.toString();
  return qs ? `?${qs}` : "";
}

export default function Invoices() {
  const { invoices, total, stats, page, pageSize, search, status, timeZone } = useLoaderData<typeof loader>();
  const query = useInvoiceListQuery();
  const [params] = useSearchParams();
  const openLink = params.get("paymentLink");
  const filtered = Boolean(search || status);
  return (
    <>
      <PageHeader
        title="Invoices"
        subtitle="Bill customers and record their payments"
        actions={
          <Button asChild>
            <Link to={`new${query}`} preventScrollReset>
              <PlusIcon /> Add Invoice
            </Link>
          </Button>
        }
      />
      <Grid columns={{ initial: "2", md: "4" }} gap="3" mb="4">
        <StatCard title="Total Invoices" value={stats.total.toLocaleString("en-US")} testId="stat-total" />
        <StatCard title="Paid" value={stats.paid.toLocaleString("en-US")} testId="stat-paid" />
        <StatCard title="Overdue" value={stats.overdue.toLocaleString("en-US")} testId="stat-overdue" color="red" />
        <StatCard title="Outstanding Balance" value={formatMoney(stats.outstanding)} testId="stat-outstanding" />
      </Grid>
      <ListFilters
        search={search}
        searchLabel="Search invoices"
        placeholder="Search by title, number or customer..."
        filtered={filtered}
        submitLabel="Search"
      >
        <select name="status" defaultValue={status} className="native-select" aria-label="Filter by status">
          <option value="">All statuses</option>
          {INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === "partial" ? "Partial Payment" : s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
      </ListFilters>
      <Card size="2">
        <Heading as="h2" size="4" mb="3">
          All Invoices{" "}
          <Badge color="gray" radius="full">
            {total.toLocaleString("en-US")}
          </Badge>
        </Heading>
        {invoices.length === 0 ? (
          <EmptyState
            title={filtered ? "No matching invoices" : "No invoices yet"}
            hint={filtered ? "Try another search or status." : "Create your first invoice."}
          />
        ) : (
          <DataTable
            label="Invoices"
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
                    {i.customer ? (
                      <Text as="div" size="2" weight="medium">
                        {i.customer.name}
                      </Text>
                    ) : (
                      <Text color="gray">Unknown Customer</Text>
                    )}
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
                    <Flex gap="2" align="center">
                      <Tooltip content={`Edit ${i.invoiceNumber}`}>
                        <IconButton asChild variant="ghost" size="1" aria-label={`Edit ${i.invoiceNumber}`}>
                          <FastLink to={`/invoices/${i.id}/edit${query}`} preventScrollReset>
                            <Pencil1Icon />
                          </FastLink>
                        </IconButton>
                      </Tooltip>
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
                      <Button asChild size="1" variant="soft">
                        <FastLink
                          to={`/invoices/${i.id}/send?redirectTo=${encodeURIComponent(`/invoices${query}`)}`}
                          preventScrollReset
                        >
                          Send Email
                        </FastLink>
                      </Button>
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
                    </Flex>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
        <Pagination page={page} pageSize={pageSize} total={total} />
      </Card>
      <Outlet />
    </>
  );
}
