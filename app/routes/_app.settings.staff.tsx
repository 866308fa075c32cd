import { Badge, Button, Card, Flex, Text } from "~/components/ui";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { getSettings } from "~/models/settings.server";
import { listStaff } from "~/models/user.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { formatDateTime } from "~/utils/dates";
import { ROLE_LABELS } from "~/utils/permissions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useDisplay } from "~/components/date-display";
import { SpriteIcon } from "~/components/sprite-icon";
import { DataTable } from "~/components/data-table";
import { FastLink } from "~/components/fast-link";
import { IconLink } from "~/components/icon-link";

// Settings → Staff (decisions §2: the owner adds accounts, sets roles, deactivates, resets
// passwords). Add and Edit are dialog routes over this list.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "staff");
  const db = await getDb();
  const [staff, settings] = await Promise.all([listStaff(db), getSettings(db)]);
  return json({ staff, me: user.id, timeZone: settings.system.timeZone });
}

export default function Staff() {
  const display = useDisplay();
  const { staff, me } = useLoaderData<typeof loader>();
  return (
    <>
      <Card>
        <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
          <div>
            <Text as="p" weight="bold" size="4">
              Staff Accounts
            </Text>
            <Text as="p" size="2" color="gray" data-testid="staff-count">
              {staff.filter((s) => s.active).length} active of {staff.length}
            </Text>
          </div>
          <Button asChild>
            <Link to="/settings/staff/new">
              <SpriteIcon name="plus" /> Add User
            </Link>
          </Button>
        </Flex>
        {/* The shared list (app/components/data-table.tsx): below 1024 px a card per account, name and
            Edit first. */}
        <DataTable
          label="Staff accounts"
          headers={[
            "Name",
            "Username",
            "Role",
            "Status",
            "Last Sign-in",
            { label: <span className="visually-hidden">Actions</span> },
          ]}
        >
          {staff.map((s) => (
            <tr
              key={s.id}
              data-testid="staff-row"
              data-username={s.username}
              className={s.active ? undefined : "inactive"}
            >
              <td className="c-main">
                <FastLink to={`/settings/staff/${s.id}`}>{s.name}</FastLink>
                {s.id === me ? (
                  <Text size="1" color="gray">
                    {" "}
                    (you)
                  </Text>
                ) : null}
                {s.email ? (
                  <Text as="div" size="1" color="gray">
                    {s.email}
                  </Text>
                ) : null}
              </td>
              <td data-label="Username">{s.username}</td>
              <td className="c-status">{ROLE_LABELS[s.role]}</td>
              <td className="c-status">
                {s.active ? <Badge color="green">Active</Badge> : <Badge color="gray">Deactivated</Badge>}
              </td>
              <td className="c-date" data-label="Last sign-in">
                {s.lastSignInAt ? formatDateTime(s.lastSignInAt, display) : "Never"}
              </td>
              <td className="c-actions">
                <div className="row-actions">
                  <IconLink label={`Edit ${s.name}`} to={`/settings/staff/${s.id}`}>
                    <SpriteIcon name="pencil" />
                  </IconLink>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </Card>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
