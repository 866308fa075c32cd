import { Badge, Button, Card, IconButton, Table, Text } from "~/components/ui";
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
          <Table.Root variant="ghost">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Skills</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <span className="visually-hidden">Actions</span>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {resources.map((r) => (
                <Table.Row key={r.id} data-testid="resource-row">
                  <Table.Cell>
                    <Text weight="medium">{r.name}</Text>
                    {r.notes ? (
                      <Text as="div" size="1" color="gray">
                        {r.notes}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>{labelOf(r.type)}</Table.Cell>
                  <Table.Cell>{r.skills.join(", ")}</Table.Cell>
                  <Table.Cell>
                    {r.active ? <Badge color="green">Active</Badge> : <Badge color="gray">Inactive</Badge>}
                  </Table.Cell>
                  <Table.Cell>
                    {canWrite ? (
                      <IconButton asChild variant="ghost" size="1" aria-label={`Edit ${r.name}`}>
                        <Link to={`${r.id}/edit`}>
                          <SpriteIcon name="pencil" />
                        </Link>
                      </IconButton>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
