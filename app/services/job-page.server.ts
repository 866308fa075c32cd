// What a job's page shows, narrowed to the viewer's role: its route and the Jobs list (which draws the
// page under a dialog opened from it, app/utils/dialog-behind.server.ts) read it here.
import type { Executor } from "../../db/client.server";
import { linkedEmails } from "../models/inbox.server";
import { jobCostingSummary } from "../models/inventory.server";
import { getJobDetail, jobCustomerForRole, jobForRole } from "../models/job.server";
import { phaseProgress } from "../models/job-phase.server";
import { photoStrip } from "../models/photos.server";
import { getSettings } from "../models/settings.server";
import { can, seesMoney, type Role } from "../utils/permissions";
import { requireFound } from "../utils/refusal.server";

export async function jobPageData(db: Executor, user: { viewRole: Role }, id: number) {
  // One round: the costing's statements go with the rest (a missing job answers null there too).
  const [found, settings, mail, photos, costing] = await Promise.all([
    getJobDetail(db, id),
    getSettings(db),
    can(user.viewRole, "inbox") ? linkedEmails(db, { jobId: id }) : null,
    can(user.viewRole, "photos") ? photoStrip(db, { jobId: id }) : null,
    jobCostingSummary(db, id, user.viewRole),
  ]);
  const detail = requireFound(found, "Job");
  const money = seesMoney(user.viewRole);
  return {
    // Installers read jobs but not quotes, invoices, job costs or the customer's record (permission map).
    detail: {
      ...detail,
      job: jobForRole(detail.job, user.viewRole),
      customer: jobCustomerForRole(detail.customer, user.viewRole),
      quotes: money ? detail.quotes : [],
      invoices: money ? detail.invoices : [],
    },
    showMoney: money,
    canEdit: can(user.viewRole, "jobs", "write"),
    canSchedule: can(user.viewRole, "schedule", "write"),
    canTask: can(user.viewRole, "tasks", "write"),
    // Installers move phases (as on Update Progress); adding, editing and ordering them is the office's.
    canProgress: can(user.viewRole, "tasks", "write"),
    canInvoice: can(user.viewRole, "invoices", "write"),
    progress: phaseProgress(detail.phases),
    showCustomerLink: can(user.viewRole, "customers"),
    timeZone: settings.system.timeZone,
    mail,
    photos,
    // Inventory (issue 13): costing for money roles, issued quantities for everyone who reads the job.
    costing,
  };
}
