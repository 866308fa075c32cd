// Theme and sidebar state are plain cookies so the server renders them without a flash and the
// browser's JS may set them too (decisions §3; spec: sidebar_state kept 7 days).

export type Theme = "light" | "dark";
const WEEK = 60 * 60 * 24 * 7;

function readRaw(request: Request, name: string) {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    const [key, ...rest] = part.split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export function readPreferences(request: Request): { theme: Theme; sidebarOpen: boolean } {
  return {
    theme: readRaw(request, "theme") === "dark" ? "dark" : "light",
    sidebarOpen: readRaw(request, "sidebar_state") !== "false",
  };
}

export function serializeTheme(theme: Theme) {
  return `theme=${theme}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

export function serializeSidebar(open: boolean) {
  return `sidebar_state=${open}; Path=/; Max-Age=${WEEK}; SameSite=Lax`;
}
