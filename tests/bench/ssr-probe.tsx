// Diagnostic, not part of `npm run bench`: where the Customers page's server render time goes.
// Renders 50 rows the way app/routes/_app.customers.tsx does (Radix Themes Table/Text, Tooltip,
// IconButton asChild + Link, inline Radix icons), then variants without each ingredient, and the
// floor's string template. Run: NODE_ENV=production npx tsx tests/bench/ssr-probe.tsx
import { Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { IconButton, Table, Text, Theme, Tooltip } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Link, MemoryRouter } from "react-router-dom";

if (process.env.NODE_ENV !== "production")
  console.warn("NODE_ENV is not production: React runs its slow development build");

type Row = {
  id: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  notes: string | null;
  createdAt: string;
};
const rows: Row[] = Array.from({ length: 50 }, (_, i) => ({
  id: 1000 + i,
  name: `Lauren Graham ${i}`,
  email: `lauren.graham${i}@example.com`,
  phone: `(704) 555-${String(1000 + i)}`,
  address: `${100 + i} Providence Rd`,
  city: "Charlotte",
  state: "NC",
  zipCode: "28207",
  notes: i % 9 === 0 ? "Prefers text messages." : null,
  createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
}));
const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "America/New_York",
});

type Options = { tooltip: boolean; icons: boolean; radixActions: boolean };

function Actions({ c, o }: { c: Row; o: Options }) {
  if (!o.radixActions) {
    return (
      <div className="row-actions">
        <Link to={`${c.id}/edit`} aria-label={`Edit ${c.name}`}>
          {o.icons ? <Pencil1Icon /> : "Edit"}
        </Link>
        <Link to={`${c.id}/delete`} aria-label={`Delete ${c.name}`}>
          {o.icons ? <TrashIcon /> : "Delete"}
        </Link>
      </div>
    );
  }
  const wrap = (label: string, node: ReactNode) =>
    o.tooltip ? <Tooltip content={label}>{node as never}</Tooltip> : node;
  return (
    <div className="row-actions">
      {wrap(
        `Edit ${c.name}`,
        <IconButton asChild variant="ghost" size="1" aria-label={`Edit ${c.name}`}>
          <Link to={`${c.id}/edit`}>{o.icons ? <Pencil1Icon /> : "Edit"}</Link>
        </IconButton>,
      )}
      {wrap(
        `Delete ${c.name}`,
        <IconButton asChild variant="ghost" color="red" size="1" aria-label={`Delete ${c.name}`}>
          <Link to={`${c.id}/delete`}>{o.icons ? <TrashIcon /> : "Delete"}</Link>
        </IconButton>,
      )}
    </div>
  );
}

function RadixTable({ o }: { o: Options }) {
  return (
    <Table.Root variant="ghost">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Customer Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Contact Info</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Location</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Added</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((c) => (
          <Table.Row key={c.id}>
            <Table.Cell>
              <Link to={`/customers/${c.id}`} className="plain">
                <Text weight="medium">{c.name}</Text>
              </Link>
              {c.notes ? (
                <Text size="1" color="gray" className="truncate" title={c.notes}>
                  {c.notes}
                </Text>
              ) : null}
            </Table.Cell>
            <Table.Cell>
              <Text as="div" size="2">
                {c.phone}
              </Text>
              <Text as="div" size="1" color="gray">
                {c.email}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Text as="div" size="2">
                {c.address}
              </Text>
              <Text as="div" size="1" color="gray">{`${c.city}, ${c.state} ${c.zipCode}`}</Text>
            </Table.Cell>
            <Table.Cell>
              <Text size="2">{dateFormat.format(new Date(c.createdAt))}</Text>
            </Table.Cell>
            <Table.Cell>
              <Actions c={c} o={o} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function PlainTable({ icons }: { icons: boolean }) {
  return (
    <table>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id}>
            <td>
              <Link to={`/customers/${c.id}`}>{c.name}</Link>
              {c.notes ? <div title={c.notes}>{c.notes}</div> : null}
            </td>
            <td>
              <div>{c.phone}</div>
              <div>{c.email}</div>
            </td>
            <td>
              <div>{c.address}</div>
              <div>{`${c.city}, ${c.state} ${c.zipCode}`}</div>
            </td>
            <td>{dateFormat.format(new Date(c.createdAt))}</td>
            <td>
              <Actions c={c} o={{ tooltip: false, icons, radixActions: false }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const esc = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
function stringTemplate() {
  return `<table><tbody>${rows
    .map(
      (c) =>
        `<tr><td><a href="/customers/${c.id}">${esc(c.name)}</a></td>` +
        `<td><div>${esc(c.phone)}</div><div>${esc(c.email)}</div></td>` +
        `<td><div>${esc(c.address)}</div><div>${esc(`${c.city}, ${c.state} ${c.zipCode}`)}</div></td>` +
        `<td>${dateFormat.format(new Date(c.createdAt))}</td>` +
        `<td><a href="${c.id}/edit">Edit</a> <a href="${c.id}/delete">Delete</a></td></tr>`,
    )
    .join("")}</tbody></table>`;
}

const page = (node: ReactNode) => () =>
  renderToString(
    <MemoryRouter initialEntries={["/customers"]}>
      <Theme>{node}</Theme>
    </MemoryRouter>,
  );

const variants: [string, () => string][] = [
  [
    "as the route: Radix Table/Text + Tooltip + IconButton asChild + icons",
    page(<RadixTable o={{ tooltip: true, icons: true, radixActions: true }} />),
  ],
  ["… without Tooltip", page(<RadixTable o={{ tooltip: false, icons: true, radixActions: true }} />)],
  [
    "… without Tooltip and IconButton (plain Link + icon)",
    page(<RadixTable o={{ tooltip: false, icons: true, radixActions: false }} />),
  ],
  [
    "… without Tooltip, IconButton and icons",
    page(<RadixTable o={{ tooltip: false, icons: false, radixActions: false }} />),
  ],
  ["plain <table> in React (Link + icons)", page(<PlainTable icons />)],
  ["plain <table> in React (Link, no icons)", page(<PlainTable icons={false} />)],
  ["string template (the floor)", stringTemplate],
];

for (const [label, render] of variants) {
  for (let i = 0; i < 30; i++) render();
  const n = 200;
  const t = performance.now();
  let bytes = 0;
  for (let i = 0; i < n; i++) bytes = render().length;
  const ms = (performance.now() - t) / n;
  console.log(`${ms.toFixed(2).padStart(7)} ms  ${(bytes / 1024).toFixed(0).padStart(4)} KB  ${label}`);
}
