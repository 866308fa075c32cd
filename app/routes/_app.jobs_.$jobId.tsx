import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Outlet, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { JobCostingSection, JobPage } from "~/components/job-page";
import { getSettings } from "~/models/settings.server";
import { jobPageData } from "~/services/job-page.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import photoStyles from "~/styles/photos.css";
import { movePhase, setPhaseStatus } from "~/models/job-phase.server";
import { businessToday } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalToast } from "~/utils/refusal-response.server";
import { invalid } from "~/utils/refusal.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.job.title ?? "Job"} · Cabinetry Jobs` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "jobs");
  return json(await jobPageData(await getDb(), user, requireId(params.jobId, "Job")));
}

const PHASE_INTENTS = {
  "phase-start": { write: false, done: "started" },
  "phase-complete": { write: false, done: "completed" },
  "phase-up": { write: true, done: "moved up" },
  "phase-down": { write: true, done: "moved down" },
} as const;

/** The Phases card's buttons: start or complete a phase, move it up or down. */
export async function action({ request, params }: ActionFunctionArgs) {
  const jobId = requireId(params.jobId, "Job");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = `/jobs/${jobId}`;
  if (!(intent in PHASE_INTENTS)) throw invalid("Unknown action");
  const { write, done } = PHASE_INTENTS[intent as keyof typeof PHASE_INTENTS];
  await requirePermission(request, write ? "jobs" : "tasks", "write");
  try {
    const db = await getDb();
    const phaseId = requireId(String(form.get("phaseId") ?? ""), "Phase");
    let name: string;
    if (intent === "phase-up" || intent === "phase-down") {
      const phases = await movePhase(db, jobId, phaseId, intent === "phase-up" ? "up" : "down");
      name = phases.find((p) => p.id === phaseId)?.name ?? "The phase";
    } else {
      const today = businessToday((await getSettings(db)).system.timeZone);
      name = (await setPhaseStatus(db, jobId, phaseId, intent === "phase-start" ? "in-progress" : "done", today)).name;
    }
    return redirectWithToast(request, back, { title: `Phase ${done}`, description: `${name} ${done}.` });
  } catch (error) {
    return refusalToast(request, back, error);
  }
}

// The costing section is its own chunk (job-page.tsx): a navigation here waits for it rather than
// drawing the page without it for a moment.
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), JobCostingSection.preload()]);
  return data;
}

export default function JobDetail() {
  return (
    <>
      <JobPage {...useLoaderData<typeof loader>()} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
