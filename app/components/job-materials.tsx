// The job Materials dialog's content (spec §2 Jobs: tabs 'Usage & Costs' and 'Issue Materials';
// issue 13) and the job page's costing section. Self-contained: the job page adds one line.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, Grid, Heading, TabNav, Text, TextField } from "~/components/ui";
import { Form, Link, useNavigation } from "@remix-run/react";
import { IssueSchema } from "~/schemas/inventory";
import { formatMoney } from "~/utils/money";
import { linePickerFields, type ItemPickerRow, type PickerLookups } from "~/utils/picker";
import { DataTable, EmptyCell } from "./data-table";
import { EmptyState } from "./empty-state";
import { DefaultSubmit, ErrorList, listRows } from "./forms";
import { formatCost, formatQuantity, QuantityWithUnit } from "./inventory";
import { RecordPicker, validateUnlessFinding } from "./record-picker";

export type UsageRow = {
  id: number;
  itemId: number;
  sku: string;
  itemName: string;
  unit: string;
  quantity: string;
  unitCostSnapshot?: string;
  totalCostSnapshot?: string;
  returnOfUsageId: number | null;
  returnable: string;
  notes: string | null;
  createdAt: string;
};

export function MaterialsTabs({ base, current }: { base: string; current: "usage" | "issue" }) {
  const sep = base.includes("?") ? "&" : "?";
  return (
    <TabNav.Root mb="3" aria-label="Materials">
      <TabNav.Link asChild active={current === "usage"}>
        <Link to={base} aria-current={current === "usage" ? "page" : undefined} replace>
          Usage &amp; Costs
        </Link>
      </TabNav.Link>
      <TabNav.Link asChild active={current === "issue"}>
        <Link to={`${base}${sep}tab=issue`} aria-current={current === "issue" ? "page" : undefined} replace>
          Issue Materials
        </Link>
      </TabNav.Link>
    </TabNav.Root>
  );
}

/** Usage rows with their cost snapshots and the job's total material cost; Return per issue row. */
export function UsageTable({
  usages,
  totalCost,
  showMoney,
  canReturn,
}: {
  usages: UsageRow[];
  totalCost: string | null;
  showMoney: boolean;
  canReturn: boolean;
}) {
  if (usages.length === 0) return <EmptyState title="No materials issued to this job yet." />;
  return (
    <>
      {/* Below 1024 px a card per usage (app.css, `c-main`): the item, its figures named, the Return
          form on a line of its own, the total at the right. */}
      <DataTable
        label="Materials used"
        headers={[
          "Item",
          { label: "Quantity", numeric: true },
          ...(showMoney
            ? [
                { label: "Unit Cost", numeric: true as const },
                { label: "Total", numeric: true as const },
              ]
            : []),
          "Notes",
          ...(canReturn ? ["Return to stock"] : []),
        ]}
      >
        {usages.map((u) => (
          <tr key={u.id} data-testid="usage-row">
            <td className="c-main">
              {u.itemName}
              <Text as="div" size="1" color="gray">
                {u.sku}
                {u.returnOfUsageId ? " · returned" : ""}
              </Text>
            </td>
            <td className="num" data-label="Quantity" data-testid="usage-quantity">
              <QuantityWithUnit value={u.quantity} unit={u.unit} />
            </td>
            {showMoney ? (
              <>
                <td className="num" data-label="Unit cost">
                  {formatCost(u.unitCostSnapshot)}
                </td>
                <td className="c-money" data-testid="usage-total">
                  {formatCost(u.totalCostSnapshot)}
                </td>
              </>
            ) : null}
            {u.notes ? <td data-label="Notes">{u.notes}</td> : <EmptyCell />}
            {!canReturn ? null : !u.returnOfUsageId && u.returnable !== "0.0000" ? (
              <td>
                <Form method="post" className="row-actions" preventScrollReset>
                  <input type="hidden" name="_action" value="return" />
                  <input type="hidden" name="usageId" value={u.id} />
                  <TextField.Root
                    name="quantity"
                    inputMode="decimal"
                    defaultValue={formatQuantity(u.returnable).replace(/,/g, "")}
                    aria-label={`Quantity of ${u.sku} to return`}
                    style={{ width: 90 }}
                  />
                  <Button type="submit" variant="soft" size="2">
                    Return
                  </Button>
                </Form>
              </td>
            ) : (
              <td className="c-empty" />
            )}
          </tr>
        ))}
      </DataTable>
      {showMoney && totalCost !== null ? (
        <Flex justify="end" mt="3">
          <Text weight="bold" data-testid="material-total">
            Total material cost: {formatCost(totalCost)}
          </Text>
        </Flex>
      ) : null}
    </>
  );
}

/** An Issue line's item picker fields in a submitted form (`items[n].itemId`). */
export const issuePickerFields = (formData: FormData) => linePickerFields(formData, "items", "itemId", "item");

/**
 * Several items at once (item, quantity, notes). "Add row" / "Remove" are conform list intents:
 * without JS the server re-renders the form with every value kept, as quote lines do. Each line's
 * item is a record picker (docs/decisions/record-pickers.md): a select of the items in use now
 * plus a Find box without JS, a combobox searching /api with it — not a select of every item.
 */
export function IssueForm({
  options,
  pickers,
  lastResult,
}: {
  options: ItemPickerRow[];
  pickers?: PickerLookups | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "issue-form",
    lastResult,
    defaultValue: { items: [{ itemId: "", quantity: "", notes: "" }] },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => validateUnlessFinding(formData, issuePickerFields(formData), IssueSchema),
  });
  const rows = listRows(fields.items);
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset>
      <DefaultSubmit />
      <input type="hidden" name="_action" value="issue" />
      <Flex direction="column" gap="3">
        {rows.map((row, index) => {
          const f = row.getFieldset();
          const errors = [...(f.quantity.errors ?? []), ...(f.notes.errors ?? [])];
          return (
            <Card key={row.key} variant="surface" className="issue-line" data-testid="issue-row">
              <Grid columns={{ initial: "1", sm: "5" }} gap="2" align="start">
                <div className="line-wide">
                  <RecordPicker
                    kind="item"
                    label={`Item ${index + 1}`}
                    field={f.itemId}
                    options={options}
                    lookup={pickers?.[f.itemId.name]}
                    empty={{ value: "", label: "Select an item" }}
                    findLabel={`Find item ${index + 1}`}
                  />
                </div>
                <div>
                  <Text as="label" size="2" weight="medium" htmlFor={f.quantity.id} mb="1" style={{ display: "block" }}>
                    Quantity
                  </Text>
                  <TextField.Root
                    {...getInputProps(f.quantity, { type: "text" })}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                </div>
                <div>
                  <Text as="label" size="2" weight="medium" htmlFor={f.notes.id} mb="1" style={{ display: "block" }}>
                    Notes
                  </Text>
                  <TextField.Root {...getInputProps(f.notes, { type: "text" })} />
                </div>
                <div className="issue-line-remove">
                  {rows.length > 1 ? (
                    <Button
                      {...form.remove.getButtonProps({ name: fields.items.name, index })}
                      variant="ghost"
                      color="red"
                      aria-label={`Remove row ${index + 1}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </div>
              </Grid>
              <ErrorList errors={errors} />
            </Card>
          );
        })}
        <ErrorList id={fields.items.errorId} errors={fields.items.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Flex gap="3" justify="between" wrap="wrap">
          <Button
            {...form.insert.getButtonProps({
              name: fields.items.name,
              defaultValue: { itemId: "", quantity: "", notes: "" },
            })}
            variant="soft"
          >
            Add row
          </Button>
          <Button type="submit" name="_action" value="issue" disabled={pending}>
            {pending ? "Issuing..." : "Issue Materials"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

export type Costing = {
  estimatedCost: string | null;
  materialsCost: string;
  otherCosts: string;
  actualTotal: string;
  quotedValue: string;
  quotedCost: string | null;
  quotedMargin: string | null;
  invoicedValue: string;
  margin: string;
  marginPercent: string | null;
  variance: string | null;
};

/** The job page's costing: estimate vs actual, value and margin to the cent (money roles only). */
export function JobCostingSection({
  jobId,
  costing,
  materials,
  canIssue,
}: {
  jobId: number;
  costing: Costing | null;
  materials: { lines: number; quantities: { sku: string; unit: string; quantity: string }[] };
  canIssue: boolean;
}) {
  const line = (label: string, value: string, testId: string, strong = false) => (
    <Flex justify="between" gap="3">
      <Text size="2" color={strong ? undefined : "gray"} weight={strong ? "bold" : undefined}>
        {label}
      </Text>
      <Text size="2" weight={strong ? "bold" : undefined} data-testid={testId}>
        {value}
      </Text>
    </Flex>
  );
  return (
    <Card size="2" mb="4" aria-labelledby="job-costing-heading">
      <Flex justify="between" align="center" mb="3" wrap="wrap" gap="2">
        <Heading as="h2" size="4" id="job-costing-heading">
          {costing ? "Job Costing" : "Materials"}
        </Heading>
        <Button asChild variant="soft">
          <Link to={`/jobs/${jobId}/materials?from=detail`}>{canIssue ? "Materials" : "View materials"}</Link>
        </Button>
      </Flex>
      {costing ? (
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          <Flex direction="column" gap="1">
            {line(
              "Estimated cost",
              costing.estimatedCost ? formatMoney(costing.estimatedCost) : "—",
              "costing-estimate",
            )}
            {line("Materials at cost", formatMoney(costing.materialsCost), "costing-materials")}
            {line("Other actual costs", formatMoney(costing.otherCosts), "costing-other")}
            {line("Actual total", formatMoney(costing.actualTotal), "costing-actual", true)}
            {costing.variance !== null
              ? line(
                  costing.variance.startsWith("-") ? "Under estimate by" : "Over estimate by",
                  formatMoney(costing.variance.replace(/^-/, "")),
                  "costing-variance",
                )
              : null}
          </Flex>
          <Flex direction="column" gap="1">
            {line("Quoted value", formatMoney(costing.quotedValue), "costing-quoted")}
            {costing.quotedCost !== null
              ? line("Quoted cost of inventory lines", formatMoney(costing.quotedCost), "costing-quoted-cost")
              : null}
            {costing.quotedMargin !== null
              ? line("Quoted margin before tax", formatMoney(costing.quotedMargin), "costing-quoted-margin")
              : null}
            {line("Invoiced value", formatMoney(costing.invoicedValue), "costing-invoiced")}
            {line(
              "Margin",
              `${formatMoney(costing.margin)}${costing.marginPercent !== null ? ` (${costing.marginPercent}%)` : ""}`,
              "costing-margin",
              true,
            )}
          </Flex>
        </Grid>
      ) : materials.quantities.length ? (
        <Flex direction="column" gap="1">
          {materials.quantities.map((m) => (
            <Flex key={m.sku} justify="between">
              <Text size="2">{m.sku}</Text>
              <Text size="2">
                <QuantityWithUnit value={m.quantity} unit={m.unit} />
              </Text>
            </Flex>
          ))}
        </Flex>
      ) : (
        <Text size="2" color="gray">
          No materials issued to this job yet.
        </Text>
      )}
    </Card>
  );
}
