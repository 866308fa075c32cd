// The job page's Phases card (docs/decisions/job-phases.md): the phases in order with their
// dates, Start / Complete as the row's button, and Edit, Move up/down and Delete in its menu — all
// plain links and forms posting to the job page, so it works without JS.
import { Button, Card, Flex, Heading, Text } from "~/components/ui";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ActionMenuSubmit, RowMenuLink } from "./action-menu";
import { DataTable, RowMenu } from "./data-table";
import { EmptyState } from "./empty-state";
import { StatusBadge } from "./status-badge";
import type { PhaseProgress } from "~/models/job-phase.server";
import { formatDate, type Zone } from "~/utils/dates";
import { useDisplay } from "./date-display";

type Phase = {
  id: number;
  name: string;
  status: string;
  plannedStart: string | null;
  plannedEnd: string | null;
  actualStart: string | null;
  actualEnd: string | null;
  notes: string | null;
};

const span = (start: string | null, end: string | null, display: Zone) =>
  start || end ? `${start ? formatDate(start, display) : "…"} – ${end ? formatDate(end, display) : "…"}` : "—";

/** "Phase 2 of 4: Install" and a bar of the phases done. */
export function PhaseProgressLine({ progress }: { progress: PhaseProgress }) {
  if (progress.total === 0) return null;
  return (
    <div data-testid="job-phase-progress">
      <Text as="div" size="2" mt="2">
        {progress.current
          ? `Phase ${progress.current.position} of ${progress.total}: ${progress.current.name}`
          : `All phases done (${progress.total} of ${progress.total})`}
      </Text>
      <progress
        className="phase-progress"
        value={progress.done}
        max={progress.total}
        aria-label={`${progress.done} of ${progress.total} phases done`}
      />
    </div>
  );
}

function StepButton({ jobPhase, jobTitle }: { jobPhase: Phase; jobTitle: string }) {
  const navigation = useNavigation();
  const next = jobPhase.status === "planned" ? "start" : jobPhase.status === "in-progress" ? "complete" : null;
  if (!next) return null;
  const pending = navigation.state === "submitting" && navigation.formData?.get("phaseId") === String(jobPhase.id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={`phase-${next}`} />
      <input type="hidden" name="phaseId" value={jobPhase.id} />
      <Button
        type="submit"
        size="1"
        variant="soft"
        color={next === "start" ? "blue" : "green"}
        disabled={pending}
        aria-label={`${next === "start" ? "Start" : "Complete"} ${jobPhase.name} (${jobTitle})`}
      >
        {next === "start" ? "Start" : "Complete"}
      </Button>
    </Form>
  );
}

export function JobPhasesCard({
  jobId,
  jobTitle,
  phases,
  canEdit,
  canProgress,
}: {
  jobId: number;
  jobTitle: string;
  phases: Phase[];
  canEdit: boolean;
  canProgress: boolean;
}) {
  const display = useDisplay();
  return (
    // The whole width of the job page's grid: a table of five columns needs it on a desktop.
    <Card size="2" style={{ gridColumn: "1 / -1" }}>
      <Flex justify="between" align="center" mb="3" gap="3">
        <Heading as="h2" size="4">
          Phases
        </Heading>
        {canEdit ? (
          <Button asChild size="2" variant="soft">
            <Link to={`/jobs/${jobId}/phases/new`} preventScrollReset>
              Add Phase
            </Link>
          </Button>
        ) : null}
      </Flex>
      {phases.length === 0 ? (
        <EmptyState title="No phases planned." />
      ) : (
        <DataTable
          label="Phases"
          headers={["Phase", "Status", "Planned", "Actual", ""]}
          menus={{
            keys: phases.map((p, index) => ({ id: p.id, index })),
            render: ({ id, index }) => (
              <>
                <RowMenuLink to={`/jobs/${jobId}/phases/${id}/edit`} keepScroll>
                  Edit
                </RowMenuLink>
                {index > 0 ? (
                  <ActionMenuSubmit intent="phase-up" fields={{ phaseId: id }}>
                    Move up
                  </ActionMenuSubmit>
                ) : null}
                {index < phases.length - 1 ? (
                  <ActionMenuSubmit intent="phase-down" fields={{ phaseId: id }}>
                    Move down
                  </ActionMenuSubmit>
                ) : null}
                <RowMenuLink to={`/jobs/${jobId}/phases/${id}/delete`} keepScroll danger>
                  Delete
                </RowMenuLink>
              </>
            ),
          }}
        >
          {phases.map((p) => (
            <tr key={p.id} data-testid="phase-row">
              <td className="c-main">
                {canEdit ? (
                  <Link to={`/jobs/${jobId}/phases/${p.id}/edit`} preventScrollReset>
                    {p.name}
                  </Link>
                ) : (
                  p.name
                )}
                {p.notes ? <div className="small muted">{p.notes}</div> : null}
              </td>
              <td className="c-status">
                <StatusBadge status={p.status} />
              </td>
              <td className="c-date" data-label="Planned">
                {span(p.plannedStart, p.plannedEnd, display)}
              </td>
              <td className="c-date" data-label="Actual">
                {span(p.actualStart, p.actualEnd, display)}
              </td>
              <td className="c-actions">
                {canProgress || canEdit ? (
                  <div className="row-actions">
                    {canProgress ? <StepButton jobPhase={p} jobTitle={jobTitle} /> : null}
                    {canEdit ? <RowMenu id={p.id} label={`Actions for ${p.name}`} /> : null}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
