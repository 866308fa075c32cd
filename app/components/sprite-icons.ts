// The icons of the SVG sprite (app/components/sprite-icon.tsx; written by tests/tools/icon-sprite.ts).
/** Sprite id → the @radix-ui/react-icons component it is drawn from. */
export const SPRITE_ICONS = {
  home: "HomeIcon",
  customers: "PersonIcon",
  jobs: "DashboardIcon",
  quotes: "FileTextIcon",
  invoices: "ReaderIcon",
  schedule: "CalendarIcon",
  tasks: "CheckboxIcon",
  photos: "CameraIcon",
  inventory: "ArchiveIcon",
  inbox: "EnvelopeClosedIcon",
  reports: "BarChartIcon",
  settings: "GearIcon",
  menu: "HamburgerMenuIcon",
  sidebar: "ViewVerticalIcon",
  sun: "SunIcon",
  moon: "MoonIcon",
  search: "MagnifyingGlassIcon",
  plus: "PlusIcon",
  minus: "MinusIcon",
  pencil: "Pencil1Icon",
} as const;

export type SpriteIconName = keyof typeof SPRITE_ICONS;
