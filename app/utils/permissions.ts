// The one permission map (spec §2 Sidebar; docs/decisions/view-as.md). Safe in the browser: the
// sidebar uses it to filter entries; the server uses it to enforce.
export const ROLES = ["owner", "office", "installer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner/Manager",
  office: "Office Staff",
  installer: "Installer",
};

export type Area =
  | "home"
  | "customers"
  | "jobs"
  | "quotes"
  | "invoices"
  | "payments"
  | "schedule"
  | "resources"
  | "tasks"
  | "photos"
  | "inventory"
  | "inbox"
  | "reports"
  | "settings"
  | "users"
  | "staff"
  | "security"
  | "backups";
export type Action = "read" | "write" | "delete";

const ALL: Role[] = ["owner", "office", "installer"];
const STAFF: Role[] = ["owner", "office"];
const OWNER: Role[] = ["owner"];

const PERMISSIONS: Record<Area, Record<Action, Role[]>> = {
  home: { read: ALL, write: ALL, delete: ALL },
  customers: { read: STAFF, write: STAFF, delete: STAFF },
  jobs: { read: ALL, write: STAFF, delete: STAFF },
  quotes: { read: STAFF, write: STAFF, delete: STAFF },
  invoices: { read: STAFF, write: STAFF, delete: STAFF },
  payments: { read: STAFF, write: STAFF, delete: STAFF },
  schedule: { read: ALL, write: STAFF, delete: STAFF },
  resources: { read: ALL, write: STAFF, delete: STAFF },
  // Installers create and update tasks and photos; deleting stays with the office.
  tasks: { read: ALL, write: ALL, delete: STAFF },
  photos: { read: ALL, write: ALL, delete: STAFF },
  inventory: { read: STAFF, write: STAFF, delete: STAFF },
  inbox: { read: STAFF, write: STAFF, delete: STAFF },
  reports: { read: OWNER, write: OWNER, delete: OWNER },
  settings: { read: STAFF, write: STAFF, delete: STAFF },
  users: { read: ALL, write: OWNER, delete: OWNER },
  // Staff accounts (add, role, deactivate, reset password) are the owner's.
  staff: { read: OWNER, write: OWNER, delete: OWNER },
  // Settings → Security (session timeout, password rules) governs every account: the owner's too.
  security: { read: OWNER, write: OWNER, delete: OWNER },
  // Database backups (Settings → System): a dump holds every record and password hash, so only the owner.
  backups: { read: OWNER, write: OWNER, delete: OWNER },
};

export function can(role: Role, area: Area, action: Action = "read") {
  return PERMISSIONS[area][action].includes(role);
}

/**
 * Money amounts (prices, totals, balances, payments, job estimated/actual cost) go only to roles that
 * read invoices: installers never receive them, in pages, `.data` or `/api` (issue 10 item 5).
 */
export function seesMoney(role: Role) {
  return can(role, "invoices");
}

export type NavItem = { title: string; to: string; area: Area; icon: string };

export const NAV_ITEMS: NavItem[] = [
  { title: "Home", to: "/", area: "home", icon: "home" },
  { title: "Customers", to: "/customers", area: "customers", icon: "customers" },
  { title: "Jobs", to: "/jobs", area: "jobs", icon: "jobs" },
  { title: "Quotes", to: "/quotes", area: "quotes", icon: "quotes" },
  { title: "Invoices", to: "/invoices", area: "invoices", icon: "invoices" },
  { title: "Schedule", to: "/schedule", area: "schedule", icon: "schedule" },
  { title: "Tasks", to: "/tasks", area: "tasks", icon: "tasks" },
  { title: "Photos", to: "/photos", area: "photos", icon: "photos" },
  { title: "Inventory", to: "/inventory", area: "inventory", icon: "inventory" },
  { title: "Inbox", to: "/inbox", area: "inbox", icon: "inbox" },
  { title: "Reports", to: "/reports", area: "reports", icon: "reports" },
  { title: "Settings", to: "/settings", area: "settings", icon: "settings" },
];

export function navFor(role: Role) {
  return NAV_ITEMS.filter((item) => can(role, item.area, "read"));
}

/** "View as": an owner may narrow to another role; nobody can widen. */
export function effectiveRole(actual: Role, viewAs: string | undefined | null): Role {
  if (actual !== "owner" || !viewAs) return actual;
  return (ROLES as readonly string[]).includes(viewAs) ? (viewAs as Role) : actual;
}
