import { Badge, Button, Card, Text } from "~/components/ui";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { labelOf } from "~/components/select-field";
import { listResources } from "~/models/resource.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { can } from "~/utils/permissions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SpriteIcon } from "~/components/sprite-icon";
import { ACTIONS_HEADER, DataTable, EmptyCell } from "~/components/data-table";
import { FastLink } from "~/components/fast-link";
import { IconLink } from "~/components/icon-link";

export const meta: MetaFunction = () => [{ title: "Resources · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "resources");
  const { rows, total } = await listResources(await getDb());
  return json({ resources: rows, total, canWrite: can(user.viewRole, "resources", "write") });
}

export default function Resources() {
  const { resources, total, canWrite } = useLoaderData<typeof loader>();
  return (
    <>
      <Text size="2" asChild>
        <Link to="/schedule">← Schedule</Link>
      </Text>
      <PageHeader
        title="Resources"
        subtitle={`${total} installers, crews, vehicles and equipment`}
        actions={
          canWrite ? (
            <Button asChild>
              <Link to="new">
                <SpriteIcon name="plus" /> Add Resource
              </Link>
            </Button>
          ) : null
        }
      />
      <Card size="2">
        {resources.length === 0 ? (
          <EmptyState title="No resources yet. Add your first resource!" />
        ) : (
          // The shared list (app/components/data-table.tsx): below 1024 px a card per resource, its
          // name (a link to edit it) and Edit first.
          <DataTable
            label="Resources"
            headers={[
              { label: "Name", col: "main" },
              { label: "Type", col: "status" },
              { label: "Skills", card: "Skills" },
              { label: "Status", col: "status" },
              ACTIONS_HEADER,
            ]}
          >
            {resources.map((r) => (
              <tr key={r.id} data-testid="resource-row">
                <td>
                  {canWrite ? <FastLink to={`${r.id}/edit`}>{r.name}</FastLink> : <Text weight="medium">{r.name}</Text>}
                  {r.notes ? (
                    <Text as="div" size="1" color="gray">
                      {r.notes}
                    </Text>
                  ) : null}
                </td>
                <td>{labelOf(r.type)}</td>
                {r.skills.length ? <td>{r.skills.join(", ")}</td> : <EmptyCell />}
                <td>{r.active ? <Badge color="green">Active</Badge> : <Badge color="gray">Inactive</Badge>}</td>
                <td>
                  {canWrite ? (
                    <div className="row-actions">
                      <IconLink label={`Edit ${r.name}`} to={`${r.id}/edit`}>
                        <SpriteIcon name="pencil" />
                      </IconLink>
                    </div>
                  ) : null}
                </td>
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
