import { z } from "zod";
import { flag } from "./ops-common";

// Settings → System → Notifications (docs/decisions/notifications.md): the e-mail and SMS switches.
// A checkbox left unchecked sends nothing, so an absent switch is off.
export const NotificationSettingsSchema = z.object({
  emailNotifications: flag(false),
  smsNotifications: flag(false),
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsSchema>;
