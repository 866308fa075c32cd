import { PlusIcon } from "@radix-ui/react-icons";
import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { listCustomers } from "~/models/customer.server";
import { getDb } from "~/utils/db.server";
import { requirePermission } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Customers · Cabinetry Jobs" }];

const PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "customers");
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 200);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const { rows, total } = await listCustomers(await getDb(), {
    search,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return json({ customers: rows, total, page, pageSize: PAGE_SIZE, search });
}

/** Keeps the list's search and page (from the current URL) on links into dialogs and back. */
export function useListQuery() {
  const [params] = useSearchParams();
  const keep = new URLSearchParams();
  for (const key of ["search", "page"]) {
    const value = params.get(key);
    if (value) keep.set(key, value);
  }
  const qs = keep.toString();
  return qs ? `?${qs}` : "";
}

export default function Customers() {
  const { customers, total, page, pageSize, search } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const query = useListQuery();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/customers";

  return (
    <>
      <PageHeader
        title="Customers"
        subtitle="Manage your customer database"
        actions={
          <Button asChild>
            <Link to={`new${query}`} preventScrollReset>
              <PlusIcon /> Add Customer
            </Link>
          </Button>
        }
      />
      <ListFilters
        search={search}
        searchLabel="Search customers"
        placeholder="Search by name, email, phone or city..."
        filtered={Boolean(search)}
        submitLabel="Search"
      />
      <Card size="2">
        <Flex justify="between" align="center" mb="3">
          <Heading as="h2" size="4">
            All Customers{" "}
            <Badge color="gray" radius="full" data-testid="customer-count">
              {total.toLocaleString("en-US")}
            </Badge>
          </Heading>
          {loading ? (
            <Text size="2" color="gray">
              Loading customers...
            </Text>
          ) : null}
        </Flex>
        {customers.length === 0 ? (
          <EmptyState
            title={search ? "No customers found matching your search." : "No customers yet. Add your first customer!"}
            action={
              search ? null : (
                <Button asChild variant="soft">
                  <Link to="new">
                    <PlusIcon /> Add Customer
                  </Link>
                </Button>
              )
            }
          />
        ) : (
          <DataTable
            label="Customers"
            headers={[
              "Customer Name",
              "Contact Info",
              "Location",
              "Added",
              <span key="a" className="visually-hidden">
                Actions
              </span>,
            ]}
          >
            {customers.map((c) => (
              <tr key={c.id} data-testid="customer-row">
                <td>
                  <FastLink to={`/customers/${c.id}`} className="plain strong">
                    {c.name}
                  </FastLink>
                  {c.notes ? (
                    <span className="truncate small muted" title={c.notes}>
                      {c.notes}
                    </span>
                  ) : null}
                </td>
                <td>
                  <div>{c.phone ?? <span className="muted">No phone listed</span>}</div>
                  {c.email ? <div className="small muted">{c.email}</div> : null}
                </td>
                <td>
                  <div>{c.address ?? ""}</div>
                  <div className="small muted">
                    {[c.city, [c.state, c.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
                  </div>
                </td>
                <td>{formatDate(c.createdAt)}</td>
                <td>
                  <div className="row-actions">
                    <FastLink
                      to={`/tasks/new?customerId=${c.id}`}
                      className="row-action"
                      aria-label={`Add task for ${c.name}`}
                    >
                      Add task
                    </FastLink>
                    <FastLink
                      to={`/customers/${c.id}/edit${query}`}
                      preventScrollReset
                      className="row-action"
                      aria-label={`Edit ${c.name}`}
                    >
                      Edit
                    </FastLink>
                    <FastLink
                      to={`/customers/${c.id}/delete${query}`}
                      preventScrollReset
                      className="row-action danger"
                      aria-label={`Delete ${c.name}`}
                    >
                      Delete
                    </FastLink>
                  </div>
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
