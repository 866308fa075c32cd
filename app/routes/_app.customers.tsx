import { Text } from "~/components/ui";
import {
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Outlet, useLoaderData, useNavigation, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { lazyComponent } from "~/components/lazy-component";
import { customerPageData } from "~/services/customer-page.server";
import { requirePermission } from "~/utils/auth.server";
import { recordPageBehind } from "~/utils/dialog-behind.server";
import photoStyles from "~/styles/photos.css";
import { RowMenuLink } from "~/components/action-menu";
import { ACTIONS_HEADER, DataTable, RowMenu } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { ListFilters } from "~/components/list-filters";
import { AddButton, ListCard, ListPage } from "~/components/list-page";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { listCustomers } from "~/models/customer.server";
import { getDb } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { listRows } from "~/utils/list-rows.server";
import { useDisplay } from "~/components/date-display";

export const meta: MetaFunction = () => [{ title: "Customers · Cabinetry Jobs" }];

// The record's page, drawn under a dialog opened from it: not in the list's first load.
const CustomerPage = lazyComponent(() => import("~/components/customer-page").then((m) => m.CustomerPage));

// The customer page's photo strip, drawn here under a dialog opened from the page.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

export const handle = keepListQuery();

export async function loader({ request }: LoaderFunctionArgs) {
  const behind = recordPageBehind(request, "/customers");
  if (behind) {
    const user = await requirePermission(request, "customers");
    return json({ behind: await customerPageData(await getDb(), user, behind) });
  }
  const { list } = await requireListSearch(request, "customers");
  const { rows, total } = await listCustomers(await getDb(), list);
  redirectPastLastPage(request, list, total);
  // Only what the rows show; on a document they are sent as HTML only (listRows).
  const customers = rows.map((c) => ({
    id: c.id,
    name: c.name,
    notes: c.notes,
    phone: c.phone,
    email: c.email,
    address: c.address,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    createdAt: c.createdAt,
  }));
  return listRows(request, { total, list, behind: null }, customers);
}

// A navigation to a dialog over the record's page waits for that page's chunk (no empty flash).
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  if (data.behind) await CustomerPage.preload();
  return data;
}

export default function Customers() {
  const data = useLoaderData<typeof loader>();
  if (data.behind) {
    return (
      <>
        <CustomerPage {...data.behind} />
        <Outlet />
      </>
    );
  }
  return <CustomerList {...data} rows={data.rows} />;
}

function CustomerList({
  rows: customers,
  shown,
  total,
  list,
}: Extract<SerializeFrom<typeof loader>, { behind: null }>) {
  const display = useDisplay();
  const navigation = useNavigation();
  const query = useKeptQuery();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/customers";

  const empty =
    shown === 0 ? (
      <EmptyState
        title={list.search ? "No customers found matching your search." : "No customers yet. Add your first customer!"}
        action={list.search ? null : <AddButton label="Add Customer" variant="soft" />}
      />
    ) : null;
  return (
    <ListPage
      title="Customers"
      subtitle="Manage your customer database"
      add="Add Customer"
      filters={
        <ListFilters
          list={list}
          searchLabel="Search customers"
          placeholder="Search by name, email, phone or city..."
          submitLabel="Search"
        />
      }
    >
      <ListCard
        heading="All Customers"
        total={total}
        countTestId="customer-count"
        list={list}
        aside={
          loading ? (
            <Text size="2" color="gray">
              Loading customers...
            </Text>
          ) : null
        }
        empty={empty}
      >
        <DataTable
          label="Customers"
          markupOnly={!customers}
          menus={{
            render: (c) => (
              <>
                <RowMenuLink to={`/customers/${c.id}/edit${query}`} keepScroll>
                  Edit
                </RowMenuLink>
                <RowMenuLink to={`/tasks/new?customerId=${c.id}`}>Add task</RowMenuLink>
                <RowMenuLink to={`/customers/${c.id}/photos${query}`} keepScroll>
                  Photos
                </RowMenuLink>
                <RowMenuLink to={`/customers/${c.id}/delete${query}`} keepScroll danger>
                  Delete
                </RowMenuLink>
              </>
            ),
          }}
          headers={[
            { label: "Customer Name", col: "main" },
            "Contact Info",
            "Location",
            { label: "Added", col: "date", card: "Added" },
            ACTIONS_HEADER,
          ]}
        >
          {customers?.map((c) => (
            <tr key={c.id}>
              <td>
                <FastLink to={`/customers/${c.id}`}>{c.name}</FastLink>
                {c.notes ? <span>{c.notes}</span> : null}
              </td>
              <td>
                <div>{c.phone ?? <span className="muted">No phone listed</span>}</div>
                {c.email ? <div>{c.email}</div> : null}
              </td>
              <td>
                <div>{c.address ?? ""}</div>
                <div>{[c.city, [c.state, c.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</div>
              </td>
              <td>{formatDate(c.createdAt, display)}</td>
              <td>
                <RowMenu id={c.id} label={`Actions for ${c.name}`} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
    </ListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
