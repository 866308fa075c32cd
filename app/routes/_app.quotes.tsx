import { Pencil1Icon, PlusIcon } from "@radix-ui/react-icons";
import { Badge, Button, Card, Flex, Grid, Heading, IconButton, Text, Tooltip } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
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
import { listQuotes } from "~/models/quote.server";
import { QUOTE_STATUSES } from "~/schemas/quote";
import { requirePermission } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Quotes · Cabinetry Jobs" }];

const PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "quotes");
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 200);
  const rawStatus = url.searchParams.get("status") ?? "";
  const status = (QUOTE_STATUSES as readonly string[]).includes(rawStatus) ? rawStatus : "";
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const db = await getDb();
  const [{ rows, total, stats }, ctx] = await Promise.all([
    listQuotes(db, { search, status: status || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    moneyContext(db),
  ]);
  return json({ quotes: rows, total, stats, page, pageSize: PAGE_SIZE, search, status, timeZone: ctx.timeZone });
}

/** Keeps the list's search, status and page on links into dialogs and back. */
export function useQuoteListQuery() {
  const [params] = useSearchParams();
  const keep = new URLSearchParams();
  for (const key of ["search", "status", "page"]) {
    const value = params.get(key);
    if (value) keep.set(key, value);
  }
  const qs = keep.toString();
  return qs ? `?${qs}` : "";
}

export default function Quotes() {
  const { quotes, total, stats, page, pageSize, search, status, timeZone } = useLoaderData<typeof loader>();
  const query = useQuoteListQuery();
  const filtered = Boolean(search || status);
  return (
    <>
      <PageHeader
        title="Quotes"
        subtitle="Create and track quotes for your customers"
        actions={
          <Button asChild>
            <Link to={`new${query}`} preventScrollReset>
              <PlusIcon /> Add Quote
            </Link>
          </Button>
        }
      />
      <Grid columns={{ initial: "2", md: "4" }} gap="3" mb="4">
        <StatCard title="Total Quotes" value={stats.total.toLocaleString("en-US")} testId="stat-total" />
        <StatCard title="Draft" value={stats.draft.toLocaleString("en-US")} testId="stat-draft" />
        <StatCard title="Approved" value={stats.approved.toLocaleString("en-US")} testId="stat-approved" />
        <StatCard title="Total Value" value={formatMoney(stats.totalValue)} testId="stat-value" />
      </Grid>
      <ListFilters
        search={search}
        searchLabel="Search quotes"
        placeholder="Search by title, number or customer..."
        filtered={filtered}
        submitLabel="Search"
      >
        <select name="status" defaultValue={status} className="native-select" aria-label="Filter by status">
          <option value="">All statuses</option>
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
      </ListFilters>
      <Card size="2">
        <Heading as="h2" size="4" mb="3">
          All Quotes{" "}
          <Badge color="gray" radius="full">
            {total.toLocaleString("en-US")}
          </Badge>
        </Heading>
        {quotes.length === 0 ? (
          <EmptyState
            title={filtered ? "No matching quotes" : "No quotes yet"}
            hint={filtered ? "Try another search or status." : "Create your first quote."}
          />
        ) : (
          <DataTable
            label="Quotes"
            headers={[
              "Quote #",
              "Customer",
              "Title",
              "Status",
              { label: "Total", numeric: true },
              "Valid Until",
              "Created",
              "Actions",
            ]}
          >
            {quotes.map((q) => (
              <tr key={q.id} data-testid="quote-row">
                <td className="nowrap">
                  <FastLink to={`/quotes/${q.id}`}>{q.quoteNumber}</FastLink>
                </td>
                <td>
                  {q.customer ? (
                    <>
                      <Text as="div" size="2" weight="medium">
                        {q.customer.name}
                      </Text>
                      <Text as="div" size="1" color="gray">
                        {q.customer.phone ?? "No phone listed"}
                      </Text>
                    </>
                  ) : (
                    <Text color="gray">Unknown Customer</Text>
                  )}
                </td>
                <td>{q.title}</td>
                <td>
                  <StatusBadge status={q.status} />
                </td>
                <td className="num">{formatMoney(q.total)}</td>
                <td className="nowrap">{formatDate(q.validUntil) || "—"}</td>
                <td className="nowrap">{formatDate(q.createdAt, timeZone)}</td>
                <td>
                  <Flex gap="2" align="center">
                    <Tooltip content={`Edit ${q.quoteNumber}`}>
                      <IconButton asChild variant="ghost" size="1" aria-label={`Edit ${q.quoteNumber}`}>
                        <FastLink to={`/quotes/${q.id}/edit${query}`} preventScrollReset>
                          <Pencil1Icon />
                        </FastLink>
                      </IconButton>
                    </Tooltip>
                    <Button asChild size="1" variant="soft">
                      <FastLink
                        to={`/quotes/${q.id}/send?redirectTo=${encodeURIComponent(`/quotes${query}`)}`}
                        preventScrollReset
                      >
                        Send Email
                      </FastLink>
                    </Button>
                  </Flex>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <Pagination page={page} pageSize={pageSize} total={total} />
      </Card>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
