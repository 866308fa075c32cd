// Radix Themes 3.3's Theme root: the element its CSS variables hang on (`.radix-themes` and the
// data attributes). The dialog's portal repeats them on its overlay, outside this element.
import { createContext, useContext, type ReactNode } from "react";

type ThemeProps = {
  appearance: "light" | "dark";
  accentColor: "brown";
  grayColor: "sand";
  radius: "medium";
  children: ReactNode;
};

const ThemeContext = createContext<Omit<ThemeProps, "children"> | null>(null);

/** The attributes of the theme root (or, `root: false`, of a portal's element inside it). */
export function themeAttributes(theme: Omit<ThemeProps, "children">, root: boolean) {
  return {
    "data-is-root-theme": root ? "true" : "false",
    "data-accent-color": theme.accentColor,
    "data-gray-color": theme.grayColor,
    "data-has-background": root ? "true" : "false",
    "data-panel-background": "translucent",
    "data-radius": theme.radius,
    "data-scaling": "100%",
    className: `radix-themes ${theme.appearance}`,
  };
}

export function Theme({ children, ...theme }: ThemeProps) {
  return (
    <ThemeContext.Provider value={theme}>
      <div {...themeAttributes(theme, true)}>{children}</div>
    </ThemeContext.Provider>
  );
}

export function useTheme() {
  const theme = useContext(ThemeContext);
  if (!theme) throw new Error("useTheme outside <Theme>");
  return theme;
}
