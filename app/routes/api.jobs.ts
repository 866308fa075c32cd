import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createJob, jobForRole, listJobs } from "~/models/job.server";
import { getSettings } from "~/models/settings.server";
import { JOB_STATUSES, jobCreateSchema } from "~/schemas/job";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { businessToday } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choicesParam } from "~/utils/ops-api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiPermission(request, "jobs");
  const url = new URL(request.url);
  const { rows, total } = await listJobs(await getDb(), {
    search: url.searchParams.get("search")?.slice(0, 200) ?? undefined,
    status: choicesParam(url, "status", JOB_STATUSES),
    heldBy: url.searchParams.get("mine") === "1" ? user.id : null,
    ...listParams(url),
  });
  return listResponse(
    rows.map((job) => jobForRole(job, user.viewRole)),
    total,
  );
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiPermission(request, "jobs", "write");
  const db = await getDb();
  const today = businessToday((await getSettings(db)).system.timeZone);
  const input = await parseBody(request, jobCreateSchema(today));
  return json(await createJob(db, input, user.id), { status: 201 });
}
