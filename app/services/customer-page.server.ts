// What a customer's page shows: its route and the Customers list (which draws the page under a dialog
// opened from it, app/utils/dialog-behind.server.ts) read it here.
import type { Executor } from "../../db/client.server";
import { recentActivity } from "../models/activity.server";
import { getCustomerDetail } from "../models/customer.server";
import { linkedEmails } from "../models/inbox.server";
import { photoStrip } from "../models/photos.server";
import { hasActivePortalToken } from "../models/portal.server";
import { can, type Role } from "../utils/permissions";
import { requireFound } from "../utils/refusal.server";

export async function customerPageData(db: Executor, user: { viewRole: Role }, id: number) {
  const showEmails = can(user.viewRole, "inbox");
  const [detail, activity, portal, mail, photos] = await Promise.all([
    getCustomerDetail(db, id),
    recentActivity(db, { customerId: id, limit: 10 }),
    hasActivePortalToken(db, id),
    showEmails ? linkedEmails(db, { customerId: id }) : null,
    photoStrip(db, { customerId: id }),
  ]);
  return {
    detail: requireFound(detail, "Customer"),
    activity,
    portalLinkSince: portal?.createdAt ?? null,
    mail,
    photos,
  };
}
