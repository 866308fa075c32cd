// Demo data for a small cabinet shop (decisions §1) and the benchmark dataset (decisions §8).
//
//   npx tsx db/seed.ts              demo data; refuses when users already exist
//   npx tsx db/seed.ts --if-empty   demo data only when the database has no users (npm run demo)
//   npx tsx db/seed.ts --large      the §8 benchmark history (20k customers … 500k transactions)
//   npx tsx db/seed.ts --large --scale=0.1   the same at a tenth of the size
//
// Runs against DATABASE_URL, or the embedded PGlite database when it is unset.
// The demo data is deterministic (seeded PRNG) relative to "today" in BUSINESS_TIME_ZONE, and all
// money is computed in integer cents with BigInt (spec §9, decisions §5): line = round2(qty × price),
// subtotal = Σ lines, tax = round2(subtotal × 0.0875), total = subtotal + tax.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TZDate } from "@date-fns/tz";
import { sql } from "drizzle-orm";
import { hashPassword } from "../app/utils/password.server";
import { closeDb, dbKind, getDb, rows, type Database, type Executor } from "./client.server";
import * as t from "./schema";

export const DEMO_PASSWORD = "cabinets2026";

// ---------------------------------------------------------------- deterministic randomness

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float() {
    return this.next();
  }
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  chance(p: number) {
    return this.next() < p;
  }
  shuffle<T>(list: readonly T[]): T[] {
    const a = [...list];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
  /** min + k·step for a random k, never above max (integers in one unit). */
  stepped([min, max, step]: readonly [number, number, number]) {
    return min + step * this.int(0, Math.floor((max - min) / step));
  }
}

// ---------------------------------------------------------------- exact money

/** n / d rounded half away from zero (half-up for the non-negative amounts used here). */
export function divRound(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new Error("divRound: the divisor must be positive");
  const half = d / 2n;
  return n >= 0n ? (n + half) / d : -((-n + half) / d);
}

/** A fixed-point string: fixed(12345n, 2) === "123.45". */
export function fixed(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const cut = digits.length - scale;
  return `${negative ? "-" : ""}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/** "123.45" → 12345n (cents), or the value in 10^-scale units. */
export function parseFixed(text: string, scale: number): bigint {
  const negative = text.startsWith("-");
  const [whole, frac = ""] = (negative ? text.slice(1) : text).split(".");
  if (frac.length > scale) throw new Error(`parseFixed: ${text} has more than ${scale} decimals`);
  const value = BigInt(whole || "0") * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, "0") || "0");
  return negative ? -value : value;
}

const money = (cents: bigint) => fixed(cents, 2);
const dec4 = (v: bigint) => fixed(v, 4);

export const TAX_RATE = "0.0875";
const TAX_RATE_TEN_THOUSANDTHS = parseFixed(TAX_RATE, 4);

/** round2(quantity × unit price): quantity in hundredths, price in cents. */
export function lineTotalCents(quantityHundredths: bigint, unitPriceCents: bigint) {
  return divRound(quantityHundredths * unitPriceCents, 100n);
}

/** round2(subtotal × rate): rate in ten-thousandths (0.0875 → 875n). */
export function taxCents(subtotalCents: bigint, rate = TAX_RATE_TEN_THOUSANDTHS) {
  return divRound(subtotalCents * rate, 10000n);
}

type Line = { description: string; qty: bigint; price: bigint; notes?: string | null };
type Totals = { subtotal: bigint; tax: bigint; total: bigint };

function computeTotals(lines: Line[]): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotalCents(l.qty, l.price), 0n);
  const tax = taxCents(subtotal);
  return { subtotal, tax, total: subtotal + tax };
}

function itemRows(lines: Line[], createdAt: Date) {
  return lines.map((l, i) => ({
    description: l.description,
    quantity: money(l.qty),
    unitPrice: money(l.price),
    lineTotal: money(lineTotalCents(l.qty, l.price)),
    notes: l.notes ?? null,
    sortOrder: i,
    createdAt,
    updatedAt: createdAt,
  }));
}

// ---------------------------------------------------------------- calendar days in the business time zone

function businessTimeZone() {
  return process.env.BUSINESS_TIME_ZONE || "America/New_York";
}

function dayIn(timeZone: string, instant: Date) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

function ymd(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  return { y, m, d };
}

function addDays(day: string, n: number) {
  const { y, m, d } = ymd(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** a − b in whole days. */
function daysBetween(a: string, b: string) {
  const ua = ymd(a);
  const ub = ymd(b);
  return Math.round((Date.UTC(ua.y, ua.m - 1, ua.d) - Date.UTC(ub.y, ub.m - 1, ub.d)) / 86_400_000);
}

function weekday(day: string) {
  const { y, m, d } = ymd(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const isWorkday = (day: string) => weekday(day) >= 1 && weekday(day) <= 5;

function workdayOnOrBefore(day: string) {
  let d = day;
  while (!isWorkday(d)) d = addDays(d, -1);
  return d;
}

function workdayOnOrAfter(day: string) {
  let d = day;
  while (!isWorkday(d)) d = addDays(d, 1);
  return d;
}

class Clock {
  readonly today: string;
  constructor(
    readonly timeZone: string,
    readonly now: Date,
  ) {
    this.today = dayIn(timeZone, now);
  }
  day(offset: number) {
    return addDays(this.today, offset);
  }
  /** Wall-clock time on a day in the business time zone (hours may be fractional: 7.5 = 07:30). */
  at(day: string, hours: number) {
    const { y, m, d } = ymd(day);
    const h = Math.floor(hours);
    const minutes = Math.round((hours - h) * 60);
    return new Date(new TZDate(y, m - 1, d, h, minutes, 0, this.timeZone).getTime());
  }
  /**
   * Like at(), but never later than a few minutes ago (for things that already happened): a time
   * still ahead today is squeezed, in order, into the part of today that has passed.
   */
  past(day: string, hours: number) {
    const when = this.at(day, hours);
    const latest = this.now.getTime() - 5 * 60_000;
    if (when.getTime() <= latest) return when;
    const dayStart = this.at(day, 0).getTime();
    if (dayStart >= latest) return new Date(latest);
    return new Date(Math.round(dayStart + (hours / 24) * (latest - dayStart)));
  }
}

// ---------------------------------------------------------------- reference data

const DEMO_USERS = [
  {
    username: "owner",
    name: "Olivia Owens",
    role: "owner",
    email: "olivia@owenscabinetry.example",
    phone: "(704) 555-0101",
    active: true,
  },
  {
    username: "office",
    name: "Marcus Bennett",
    role: "office",
    email: "marcus@owenscabinetry.example",
    phone: "(704) 555-0102",
    active: true,
  },
  {
    username: "installer",
    name: "Ivan Castillo",
    role: "installer",
    email: "ivan@owenscabinetry.example",
    phone: "(704) 555-0103",
    active: true,
  },
  {
    username: "tbrooks",
    name: "Tyler Brooks",
    role: "installer",
    email: "tyler@owenscabinetry.example",
    phone: "(980) 555-0104",
    active: true,
  },
  {
    username: "dramirez",
    name: "Diego Ramirez",
    role: "installer",
    email: "diego@owenscabinetry.example",
    phone: "(980) 555-0105",
    active: true,
  },
  {
    username: "jfields",
    name: "Janet Fields",
    role: "office",
    email: "janet@owenscabinetry.example",
    phone: "(704) 555-0106",
    active: false,
  },
] as const;

type UserKey = (typeof DEMO_USERS)[number]["username"];

const FIRST_NAMES = [
  "Jennifer",
  "Michael",
  "Sarah",
  "David",
  "Emily",
  "James",
  "Jessica",
  "Robert",
  "Ashley",
  "William",
  "Amanda",
  "Christopher",
  "Megan",
  "Daniel",
  "Lauren",
  "Matthew",
  "Rachel",
  "Andrew",
  "Nicole",
  "Joshua",
  "Stephanie",
  "Kevin",
  "Heather",
  "Brian",
  "Rebecca",
  "Jason",
  "Laura",
  "Ryan",
  "Kimberly",
  "Eric",
  "Priya",
  "Carlos",
  "Mei",
  "Andre",
  "Fatima",
  "Thomas",
  "Grace",
  "Samuel",
  "Olga",
  "Hannah",
];
const LAST_NAMES = [
  "Walsh",
  "Patel",
  "Henderson",
  "Nguyen",
  "Carter",
  "Sullivan",
  "Kim",
  "Foster",
  "Coleman",
  "Hayes",
  "Murphy",
  "Reyes",
  "Price",
  "Jenkins",
  "Perry",
  "Russell",
  "Griffin",
  "Hughes",
  "Myers",
  "Hamilton",
  "Graham",
  "Sanders",
  "Wallace",
  "Cole",
  "Jordan",
  "Reynolds",
  "Fisher",
  "Ellis",
  "Harrison",
  "Gibson",
  "McDonald",
  "Marshall",
  "Kennedy",
  "Warren",
  "Dixon",
  "Gordon",
  "Holmes",
  "Palmer",
  "Nichols",
  "Knight",
];
const STREETS = [
  "Providence Rd",
  "Selwyn Ave",
  "Sharon Amity Rd",
  "Park Rd",
  "Randolph Rd",
  "Colony Rd",
  "Carmel Rd",
  "Rea Rd",
  "Sardis Rd N",
  "Idlewild Rd",
  "Gilead Rd",
  "Catawba Ave",
  "Jetton Rd",
  "Brawley School Rd",
  "Poplar Tent Rd",
  "Old Monroe Rd",
  "Tom Hall St",
  "Maple Ridge Dr",
  "Willow Oak Ln",
  "Heritage Oaks Ct",
  "Stonecrest Blvd",
  "Quail Hollow Rd",
  "Beverly Crest Blvd",
  "Chesterfield Ave",
  "Kings Grant Dr",
];
const CITIES: ReadonlyArray<readonly [string, string, string, string]> = [
  ["Charlotte", "NC", "28207", "704"],
  ["Charlotte", "NC", "28209", "704"],
  ["Charlotte", "NC", "28211", "980"],
  ["Charlotte", "NC", "28226", "704"],
  ["Charlotte", "NC", "28277", "980"],
  ["Matthews", "NC", "28105", "704"],
  ["Huntersville", "NC", "28078", "704"],
  ["Cornelius", "NC", "28031", "704"],
  ["Davidson", "NC", "28036", "704"],
  ["Mooresville", "NC", "28117", "704"],
  ["Concord", "NC", "28027", "704"],
  ["Mint Hill", "NC", "28227", "980"],
  ["Waxhaw", "NC", "28173", "704"],
  ["Indian Trail", "NC", "28079", "704"],
  ["Fort Mill", "SC", "29715", "803"],
  ["Rock Hill", "SC", "29732", "803"],
  ["Belmont", "NC", "28012", "704"],
];
const CUSTOMER_NOTES = [
  "Gate code 4417 — text before arriving.",
  "Two dogs in the backyard; use the front door.",
  "Prefers e-mail over phone calls.",
  "Referred by Hadley Homes.",
  "Second home; coordinate access with the neighbor who holds the key.",
  "Sensitive to finish odors — water-based finishes only.",
  "Works nights; call after 1 pm.",
  "Repeat customer (laundry room 2023).",
  "Wants to see door samples in the showroom first.",
  "Street parking only; no truck in the driveway.",
];
const BUSINESSES = [
  {
    name: "Hadley Homes LLC",
    label: "Hadley Homes",
    email: "purchasing@hadleyhomes.example",
    notes: "Builder account: invoices to purchasing@, site super is Rick Moreno (704) 555-0177.",
    city: 6,
    street: "Gilead Rd",
  },
  {
    name: "Lakeside Property Management",
    label: "Lakeside PM",
    email: "maintenance@lakesidepm.example",
    notes: "Rental units; tenants must get 24 hours' notice before work.",
    city: 7,
    street: "Catawba Ave",
  },
  {
    name: "Brightwater Family Dental",
    label: "Brightwater Dental",
    email: "office@brightwaterdental.example",
    notes: "Work after 5 pm or on Saturdays only (patients).",
    city: 5,
    street: "Matthews Township Pkwy",
  },
];

type Kind = "kitchen" | "bath" | "closet" | "builtin";
type Range = readonly [number, number, number];
/** qty in hundredths, price in cents: [min, max, step]. */
const ITEMS: Record<string, { desc: string; qty: Range; price: Range }> = {
  base: {
    desc: "Base cabinets – maple boxes, painted shaker doors (per lf)",
    qty: [1000, 2600, 50],
    price: [36500, 46500, 500],
  },
  wall: {
    desc: 'Wall cabinets to 42", painted shaker doors (per lf)',
    qty: [800, 2200, 50],
    price: [27500, 34500, 500],
  },
  pantry: {
    desc: 'Tall pantry cabinet 24" × 90" with roll-out shelves',
    qty: [100, 200, 100],
    price: [185000, 245000, 2500],
  },
  island: {
    desc: "Kitchen island, 8 ft, with seating overhang and end panels",
    qty: [100, 100, 100],
    price: [420000, 680000, 5000],
  },
  crown: { desc: 'Crown molding 3-1/2", paint-grade poplar (lf)', qty: [1800, 4600, 25], price: [1450, 1950, 25] },
  hwpkg: {
    desc: "Blum soft-close hinge and full-extension slide package",
    qty: [100, 100, 100],
    price: [38000, 72000, 1000],
  },
  removal: { desc: "Removal and disposal of existing cabinets", qty: [100, 100, 100], price: [45000, 95000, 2500] },
  delivery: { desc: "Delivery and staging", qty: [100, 100, 100], price: [17500, 32500, 2500] },
  lightrail: { desc: "Light rail and toe-kick finish (lf)", qty: [1200, 3000, 50], price: [975, 1450, 25] },
  fillers: { desc: "Panels, fillers and scribe moldings", qty: [100, 100, 100], price: [28000, 64000, 1000] },
  vanity48: { desc: 'Vanity cabinet 48", white oak slab doors', qty: [100, 100, 100], price: [165000, 235000, 2500] },
  vanity72: { desc: 'Double vanity 72", painted inset doors', qty: [100, 100, 100], price: [245000, 340000, 2500] },
  floatvan: { desc: 'Floating vanity 36", walnut veneer', qty: [100, 100, 100], price: [135000, 195000, 2500] },
  linen: { desc: 'Linen tower 18" × 84"', qty: [100, 100, 100], price: [115000, 165000, 2500] },
  medicine: { desc: "Recessed medicine cabinet, custom-sized", qty: [100, 200, 100], price: [48000, 78000, 1000] },
  vanityhw: { desc: "Vanity pulls, matte black 128 mm", qty: [600, 1400, 100], price: [950, 1800, 25] },
  closetlf: {
    desc: "Closet system – hanging and shelf sections (lf)",
    qty: [800, 2400, 50],
    price: [14500, 21000, 500],
  },
  drawerbank: {
    desc: "Drawer bank, 5 drawers with soft-close slides",
    qty: [100, 200, 100],
    price: [98000, 135000, 2500],
  },
  shoe: { desc: "Shoe shelving tower with angled shelves", qty: [100, 100, 100], price: [64000, 89000, 1000] },
  closetisland: { desc: "Closet island with jewelry drawers", qty: [100, 100, 100], price: [240000, 360000, 5000] },
  led: { desc: "LED rod and shelf lighting with door switch", qty: [100, 100, 100], price: [26000, 42000, 1000] },
  pantryshelves: { desc: "Pantry shelving, adjustable (lf)", qty: [600, 1600, 50], price: [9500, 13500, 500] },
  bookcase: { desc: "Built-in bookcases, paint-grade (lf)", qty: [600, 1600, 50], price: [42000, 56000, 1000] },
  windowseat: { desc: "Window seat with storage drawers", qty: [100, 100, 100], price: [145000, 220000, 2500] },
  desk: {
    desc: "Desk section with file drawers and keyboard tray",
    qty: [100, 100, 100],
    price: [185000, 270000, 2500],
  },
  lockers: {
    desc: "Mudroom locker with bench and coat hooks (each)",
    qty: [200, 500, 100],
    price: [78000, 105000, 2500],
  },
  media: { desc: "Media cabinet with ventilated doors", qty: [100, 100, 100], price: [230000, 340000, 5000] },
  scribe: { desc: "Scribe molding and paint-ready finish (lf)", qty: [1000, 3000, 50], price: [1150, 1600, 25] },
  laundrybase: {
    desc: "Laundry base cabinets with folding counter support (lf)",
    qty: [600, 1200, 50],
    price: [32000, 39000, 500],
  },
  laundrywall: { desc: "Laundry wall cabinets (lf)", qty: [600, 1200, 50], price: [24000, 29000, 500] },
  barbase: { desc: "Wet bar base cabinets with wine rack (lf)", qty: [600, 1000, 50], price: [39000, 47500, 500] },
  glassdoors: {
    desc: "Glass-front upper doors with LED puck lights",
    qty: [200, 400, 100],
    price: [42000, 56000, 1000],
  },
  labor_kitchen: { desc: "Installation labor (hours)", qty: [1600, 5600, 50], price: [8250, 9000, 250] },
  labor_bath: { desc: "Installation labor (hours)", qty: [600, 1400, 50], price: [8250, 9000, 250] },
  labor_closet: { desc: "Installation labor (hours)", qty: [600, 1600, 50], price: [8250, 9000, 250] },
  labor_builtin: { desc: "Installation labor (hours)", qty: [1000, 3000, 50], price: [8250, 9000, 250] },
};

type Project = { kind: Kind; title: string; description: string; core: string[]; extra: string[] };
const PROJECTS: Project[] = [
  {
    kind: "kitchen",
    title: "Kitchen Remodel – Painted Shaker",
    description:
      "Tear out existing cabinets; build and install painted maple shaker cabinets with soft-close hardware.",
    core: ["base", "wall", "labor_kitchen"],
    extra: ["pantry", "crown", "hwpkg", "removal", "delivery", "lightrail"],
  },
  {
    kind: "kitchen",
    title: "Kitchen – White Oak Slab Doors",
    description: "Full kitchen in rift white oak slab doors, clear matte finish, integrated pulls.",
    core: ["base", "wall", "labor_kitchen"],
    extra: ["pantry", "fillers", "hwpkg", "delivery", "lightrail"],
  },
  {
    kind: "kitchen",
    title: "Kitchen Island & Pantry Wall",
    description: "New island with seating overhang and a floor-to-ceiling pantry wall.",
    core: ["island", "pantry", "labor_kitchen"],
    extra: ["hwpkg", "delivery", "crown", "fillers"],
  },
  {
    kind: "kitchen",
    title: "Kitchen Cabinet Replacement",
    description: "Replace builder-grade cabinets in the same layout; customer keeps existing counters.",
    core: ["base", "wall", "removal", "labor_kitchen"],
    extra: ["crown", "hwpkg", "delivery"],
  },
  {
    kind: "bath",
    title: "Primary Bath Double Vanity",
    description: "72-inch painted inset double vanity with matching linen tower.",
    core: ["vanity72", "labor_bath"],
    extra: ["linen", "medicine", "vanityhw"],
  },
  {
    kind: "bath",
    title: "Guest Bath Vanity",
    description: "48-inch white oak vanity and recessed medicine cabinet.",
    core: ["vanity48", "labor_bath"],
    extra: ["medicine", "vanityhw"],
  },
  {
    kind: "bath",
    title: "Powder Room Floating Vanity",
    description: "Wall-hung walnut vanity with hidden blocking installed before drywall.",
    core: ["floatvan", "labor_bath"],
    extra: ["vanityhw", "medicine"],
  },
  {
    kind: "closet",
    title: "Walk-in Closet System",
    description: "Melamine closet system with drawer bank, shoe tower and lighting.",
    core: ["closetlf", "drawerbank", "labor_closet"],
    extra: ["shoe", "closetisland", "led"],
  },
  {
    kind: "closet",
    title: "Reach-in Closet Organizers",
    description: "Two reach-in closets with double hang, shelves and a small drawer stack.",
    core: ["closetlf", "labor_closet"],
    extra: ["drawerbank", "led"],
  },
  {
    kind: "closet",
    title: "Walk-in Pantry Shelving",
    description: "Adjustable pantry shelving with a drawer bank for small appliances.",
    core: ["pantryshelves", "labor_closet"],
    extra: ["drawerbank", "led"],
  },
  {
    kind: "builtin",
    title: "Living Room Built-ins",
    description: "Paint-grade bookcases flanking the fireplace with lower cabinets.",
    core: ["bookcase", "labor_builtin"],
    extra: ["scribe", "media", "windowseat"],
  },
  {
    kind: "builtin",
    title: "Home Office Built-ins",
    description: "Wall of cabinets with a desk section, file drawers and open shelving.",
    core: ["desk", "bookcase", "labor_builtin"],
    extra: ["scribe"],
  },
  {
    kind: "builtin",
    title: "Mudroom Lockers & Bench",
    description: "Painted lockers with bench seat, cubbies and coat hooks.",
    core: ["lockers", "labor_builtin"],
    extra: ["scribe"],
  },
  {
    kind: "builtin",
    title: "Entertainment Center",
    description: "Media wall with ventilated cabinet doors and open shelves.",
    core: ["media", "bookcase", "labor_builtin"],
    extra: ["scribe"],
  },
  {
    kind: "builtin",
    title: "Laundry Room Cabinets",
    description: "Base and wall cabinets around the washer and dryer with a folding counter.",
    core: ["laundrybase", "laundrywall", "labor_builtin"],
    extra: ["hwpkg"],
  },
  {
    kind: "builtin",
    title: "Wet Bar Cabinets",
    description: "Basement wet bar with wine rack and glass-front uppers.",
    core: ["barbase", "labor_builtin"],
    extra: ["glassdoors", "hwpkg"],
  },
];

const INSTALL_DAYS: Record<Kind, number> = { kitchen: 3, bath: 1, closet: 2, builtin: 2 };
const DURATION_DAYS: Record<Kind, [number, number]> = {
  kitchen: [21, 35],
  bath: [7, 14],
  closet: [5, 12],
  builtin: [10, 20],
};

const QUOTE_TERMS = "Payment due within 30 days of acceptance.";
const INVOICE_TERMS = "Payment due within 30 days of invoice date. Late payments may incur additional charges.";

function projectLines(rng: Rng, project: Project): Line[] {
  const maxCount = Math.min(6, project.core.length + project.extra.length);
  const count = rng.int(Math.max(2, project.core.length), maxCount);
  const keys = [...project.core, ...rng.shuffle(project.extra).slice(0, count - project.core.length)];
  // Labor reads best as the last line.
  keys.sort((a, b) => Number(a.startsWith("labor")) - Number(b.startsWith("labor")));
  return keys.map((key) => {
    const spec = ITEMS[key];
    return { description: spec.desc, qty: BigInt(rng.stepped(spec.qty)), price: BigInt(rng.stepped(spec.price)) };
  });
}

// ---------------------------------------------------------------- plans (in memory, ids filled on insert)

type CustomerPlan = {
  id?: number;
  name: string;
  label: string;
  email: string | null;
  phone: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  notes: string | null;
  createdAt?: Date;
  business: boolean;
};

type JobStatus = "quoted" | "approved" | "in-progress" | "completed" | "cancelled";
type JobPlan = {
  id?: number;
  ref: string;
  status: JobStatus;
  project: Project;
  customer: CustomerPlan;
  title: string;
  createdDay: string;
  startDate: string | null;
  completionDate: string | null;
  estimated: bigint | null;
  actual: bigint | null;
  notes: string | null;
};

type QuotePlan = {
  id?: number;
  number?: string;
  customer: CustomerPlan;
  job: JobPlan | null;
  project: Project;
  status: "draft" | "sent" | "approved" | "rejected" | "expired";
  createdDay: string;
  createdAt: Date;
  lines: Line[];
  totals: Totals;
  validUntil: string;
  sentAt: Date | null;
  respondedAt: Date | null;
  notes: string | null;
  changeRequest: string | null;
};

type PaymentPlan = {
  amount: bigint;
  day: string;
  hour: number;
  method: string;
  provider: string | null;
  txn: string | null;
  reference: string | null;
  id?: number;
};
type InvoicePlan = {
  id?: number;
  number?: string;
  customer: CustomerPlan;
  job: JobPlan | null;
  quote: QuotePlan | null;
  title: string;
  description: string | null;
  status: "draft" | "sent" | "partial" | "paid" | "overdue" | "cancelled";
  issueDay: string;
  dueDay: string;
  lines: Line[];
  totals: Totals;
  payments: PaymentPlan[];
  notes: string | null;
  sentAt: Date | null;
  createdAt: Date;
};

type ActivityPlan = {
  type: string;
  title: string;
  description: string | null;
  user: UserKey | null;
  customer?: CustomerPlan | null;
  job?: JobPlan | null;
  quote?: QuotePlan | null;
  invoice?: InvoicePlan | null;
  amount?: bigint | null;
  at: Date;
};

// ---------------------------------------------------------------- guards used by main

export async function countUsers(db: Executor) {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*)::int as n from users`);
  return Number(row?.n ?? 0);
}

function assertDemoUsersAllowed() {
  if (process.env.NODE_ENV === "production" && !process.env.DEMO) {
    throw new SeedError("Refusing to load demo users in production; use npm run create-owner");
  }
}

export class SeedError extends Error {}

async function demoUserRows(keys: readonly UserKey[]) {
  const chosen = DEMO_USERS.filter((u) => keys.includes(u.username));
  return Promise.all(
    chosen.map(async (u) => ({
      username: u.username,
      name: u.name,
      email: u.email,
      phone: u.phone,
      role: u.role,
      active: u.active,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })),
  );
}

/** Sets number_sequences (Q-<year>, INV-<year>) to the highest number in use, never lowering one. */
export async function syncNumberSequences(db: Executor) {
  await db.execute(sql`
    insert into number_sequences (key, last_value)
    select 'Q-' || split_part(quote_number, '-', 2), max(split_part(quote_number, '-', 3)::int)
      from quotes where quote_number ~ '^Q-[0-9]{4}-[0-9]+$' group by 1
    union all
    select 'INV-' || split_part(invoice_number, '-', 2), max(split_part(invoice_number, '-', 3)::int)
      from invoices where invoice_number ~ '^INV-[0-9]{4}-[0-9]+$' group by 1
    on conflict (key) do update set last_value = greatest(number_sequences.last_value, excluded.last_value)`);
}

// ---------------------------------------------------------------- the demo shop

export type DemoSummary = Record<string, number>;

/** Loads the demo shop in one transaction. The caller decides whether the database may receive it. */
export async function seedDemo(db: Database, options: { now?: Date; seed?: number } = {}): Promise<DemoSummary> {
  assertDemoUsersAllowed();
  const clock = new Clock(businessTimeZone(), options.now ?? new Date());
  const rng = new Rng(options.seed ?? 20260214);
  const userRows = await demoUserRows(DEMO_USERS.map((u) => u.username));
  const summary: DemoSummary = {};

  await db.transaction(async (tx) => {
    // ------------------------------------------------------------ users
    const insertedUsers = await tx
      .insert(t.users)
      .values(userRows)
      .returning({ id: t.users.id, username: t.users.username });
    const userId = (key: UserKey) => {
      const found = insertedUsers.find((u) => u.username === key);
      if (!found) throw new Error(`demo user ${key} missing`);
      return found.id;
    };
    summary.users = insertedUsers.length;

    // ------------------------------------------------------------ customers (created later than nothing they own)
    const lastNames = rng.shuffle(LAST_NAMES);
    const firstNames = rng.shuffle(FIRST_NAMES);
    const usedPhones = new Set<string>();
    const phoneFor = (areaCode: string) => {
      for (;;) {
        const phone = `(${areaCode}) 555-01${String(rng.int(10, 99))}`;
        if (!usedPhones.has(phone)) {
          usedPhones.add(phone);
          return phone;
        }
      }
    };
    const customers: CustomerPlan[] = [];
    for (let i = 0; i < 37; i++) {
      const first = firstNames[i];
      const last = lastNames[i];
      const [city, state, zip, area] = i < 14 ? CITIES[i % 5] : rng.pick(CITIES);
      const emailStyle = i % 4;
      const domain = rng.pick(["example.com", "example.net", "example.org"]);
      const local =
        emailStyle === 0
          ? `${first}.${last}`
          : emailStyle === 1
            ? `${first[0]}${last}`
            : emailStyle === 2
              ? `${first}${last}${rng.int(1, 99)}`
              : `${last}.${first[0]}`;
      customers.push({
        name: `${first} ${last}`,
        label: last,
        email: i === 11 || i === 29 ? null : `${local.toLowerCase()}@${domain}`,
        phone: i === 23 ? null : phoneFor(area),
        address: `${rng.int(101, 9899)} ${rng.pick(STREETS)}`,
        city,
        state,
        zipCode: zip,
        notes: rng.chance(0.3) ? rng.pick(CUSTOMER_NOTES) : null,
        business: false,
      });
    }
    for (const b of BUSINESSES) {
      const [city, state, zip, area] = CITIES[b.city];
      customers.push({
        name: b.name,
        label: b.label,
        email: b.email,
        phone: phoneFor(area),
        address: `${rng.int(1000, 9800)} ${b.street}`,
        city,
        state,
        zipCode: zip,
        notes: b.notes,
        business: true,
      });
    }
    const persons = customers.slice(0, 37);
    const businesses = customers.slice(37);
    const leads = persons.slice(32); // five people with quotes or consults but no job yet

    // ------------------------------------------------------------ jobs (plans)
    const statuses: JobStatus[] = [
      ...Array<JobStatus>(12).fill("quoted"),
      ...Array<JobStatus>(10).fill("approved"),
      ...Array<JobStatus>(14).fill("in-progress"),
      ...Array<JobStatus>(18).fill("completed"),
      ...Array<JobStatus>(6).fill("cancelled"),
    ];
    const jobCustomers: CustomerPlan[] = rng.shuffle([
      ...persons.slice(0, 32),
      ...Array.from({ length: 20 }, () => rng.pick(persons.slice(0, 32))),
      ...Array.from({ length: 8 }, (_, i) => businesses[i % businesses.length]),
    ]);
    const kindWeights: Kind[] = [
      "kitchen",
      "kitchen",
      "kitchen",
      "kitchen",
      "bath",
      "bath",
      "closet",
      "closet",
      "builtin",
      "builtin",
      "builtin",
    ];
    const completedEnds = [-2, -4, -6, -9, -12, -16, -20, -25, -33, -40, -48, -55, -63, -72, -85, -98, -110, -130];
    const counters: Record<JobStatus, number> = {
      quoted: 0,
      approved: 0,
      "in-progress": 0,
      completed: 0,
      cancelled: 0,
    };
    const refPrefix: Record<JobStatus, string> = {
      quoted: "Q",
      approved: "A",
      "in-progress": "I",
      completed: "C",
      cancelled: "X",
    };
    const jobs: JobPlan[] = statuses.map((status, i) => {
      const n = counters[status]++;
      const customer = jobCustomers[i];
      const kind = customer.business && rng.chance(0.6) ? "kitchen" : rng.pick(kindWeights);
      const project = rng.pick(PROJECTS.filter((p) => p.kind === kind));
      const [dMin, dMax] = DURATION_DAYS[kind];
      let createdOffset = 0;
      let start: number | null = null;
      let end: number | null = null;
      let notes: string | null = null;
      switch (status) {
        case "quoted":
          createdOffset = -rng.int(1, 21);
          if (rng.chance(0.5)) start = rng.int(21, 60);
          break;
        case "approved":
          createdOffset = -rng.int(8, 40);
          start = rng.int(2, 30);
          end = start + rng.int(dMin, dMax);
          break;
        case "in-progress":
          createdOffset = -rng.int(25, 70);
          start = -rng.int(1, 18);
          end = start + rng.int(dMin, dMax);
          if (end <= 0) end = rng.int(1, 10);
          if (n >= 12) {
            end = -rng.int(1, 4); // running late: past its completion date
            notes = "Waiting on a replacement door from the finisher.";
          }
          createdOffset = Math.min(createdOffset, start - rng.int(10, 30));
          break;
        case "completed":
          end = completedEnds[n];
          start = end - rng.int(dMin, dMax);
          createdOffset = start - rng.int(10, 35);
          break;
        case "cancelled":
          // The last two were quoted long enough ago for their quotes to have expired.
          createdOffset = n >= 4 ? -rng.int(45, 120) : -rng.int(15, 120);
          notes = rng.pick([
            "Customer went with another contractor.",
            "Project postponed until next year.",
            "Budget did not work out after the appraisal.",
            "House sold before work started.",
          ]);
          break;
      }
      return {
        ref: `${refPrefix[status]}${n}`,
        status,
        project,
        customer,
        title: `${customer.label} ${project.title}`,
        createdDay: clock.day(createdOffset),
        startDate: start === null ? null : clock.day(start),
        completionDate: end === null ? null : clock.day(end),
        estimated: null,
        actual: null,
        notes,
      };
    });
    const byRef = new Map(jobs.map((j) => [j.ref, j]));
    const job = (ref: string) => {
      const found = byRef.get(ref);
      if (!found) throw new Error(`job ${ref} missing`);
      return found;
    };
    const group = (prefix: string) => jobs.filter((j) => j.ref.startsWith(prefix));

    // Customers exist before their first job; leads are recent.
    for (const c of customers) {
      const own = jobs
        .filter((j) => j.customer === c)
        .map((j) => j.createdDay)
        .sort();
      const firstDay = own[0]
        ? addDays(own[0], -rng.int(0, 20))
        : clock.day(c.business ? -rng.int(200, 400) : -rng.int(2, 60));
      const day = c.business ? addDays(firstDay, -rng.int(100, 300)) : firstDay;
      c.createdAt = clock.past(day, 9 + rng.int(0, 16) / 2);
    }

    // ------------------------------------------------------------ quotes (plans)
    const quotes: QuotePlan[] = [];
    const makeQuote = (
      customer: CustomerPlan,
      jobPlan: JobPlan | null,
      status: QuotePlan["status"],
      createdDay: string,
      project: Project,
    ): QuotePlan => {
      const lines = projectLines(rng, project);
      const createdAt = clock.past(createdDay, 10 + rng.int(0, 12) / 2);
      let sentAt: Date | null = null;
      let respondedAt: Date | null = null;
      if (status !== "draft") sentAt = clock.past(addDays(createdDay, status === "sent" ? rng.int(0, 1) : 1), 16.5);
      if (status === "approved" || status === "rejected") {
        respondedAt = clock.past(addDays(createdDay, 1 + rng.int(1, 6)), 19.25);
        if (sentAt && respondedAt < sentAt) respondedAt = sentAt;
      }
      const quote: QuotePlan = {
        customer,
        job: jobPlan,
        project,
        status,
        createdDay,
        createdAt,
        lines,
        totals: computeTotals(lines),
        validUntil: addDays(createdDay, 30),
        sentAt,
        respondedAt,
        notes: rng.chance(0.4) ? "50% deposit due at approval; balance on completion." : null,
        changeRequest:
          status === "rejected"
            ? rng.pick([
                "Can we drop the crown molding and use a simpler door profile to bring the price down?",
                "We decided to keep the existing cabinets and only paint them. Thank you anyway.",
                "Please requote without the island; we're keeping the old one.",
              ])
            : null,
      };
      quotes.push(quote);
      return quote;
    };
    const quoteDayFor = (j: JobPlan) => {
      const day = addDays(j.createdDay, rng.int(0, 2));
      return day > clock.today ? clock.today : day;
    };
    // Quoted jobs: 8 sent, 4 drafts.
    group("Q").forEach((j, i) => makeQuote(j.customer, j, i < 8 ? "sent" : "draft", quoteDayFor(j), j.project));
    // Approved quotes on 6 approved, 6 in-progress and 4 completed jobs.
    const approvedQuoteJobs = [...group("A").slice(0, 6), ...group("I").slice(0, 6), ...group("C").slice(0, 4)];
    for (const j of approvedQuoteJobs) makeQuote(j.customer, j, "approved", quoteDayFor(j), j.project);
    // Cancelled jobs: 4 rejected, 2 expired.
    group("X").forEach((j, i) => makeQuote(j.customer, j, i < 4 ? "rejected" : "expired", quoteDayFor(j), j.project));
    // Quotes without a job (leads and repeat customers).
    const otherCustomers = rng.shuffle([...leads, ...persons.slice(0, 32)]);
    const unlinked: Array<[QuotePlan["status"], number]> = [
      ["rejected", -rng.int(20, 90)],
      ["rejected", -rng.int(20, 90)],
      ...Array.from({ length: 6 }, (): [QuotePlan["status"], number] => ["expired", -rng.int(45, 150)]),
      ...Array.from({ length: 4 }, (): [QuotePlan["status"], number] => ["draft", -rng.int(0, 10)]),
      ["sent", -26], // valid for five more days: shows up as an expiring quote
      ...Array.from({ length: 3 }, (): [QuotePlan["status"], number] => ["sent", -rng.int(1, 20)]),
    ];
    unlinked.forEach(([status, offset], i) => {
      const customer = otherCustomers[i % otherCustomers.length];
      const createdDay = clock.day(offset);
      makeQuote(customer, null, status, createdDay, rng.pick(PROJECTS));
      // A customer is never created after their own quote.
      const created = clock.at(createdDay, 8);
      if (customer.createdAt && customer.createdAt > created)
        customer.createdAt = clock.at(addDays(createdDay, -rng.int(1, 10)), 9);
    });

    // ------------------------------------------------------------ invoices (plans)
    const invoices: InvoicePlan[] = [];
    const methods = ["check", "check", "credit_card", "bank_transfer", "cash"] as const;
    let txnCounter = 0;
    const payment = (amount: bigint, day: string): PaymentPlan => {
      const method = rng.pick(methods);
      const online = method === "credit_card" && rng.chance(0.6);
      txnCounter += 1;
      return {
        amount,
        day,
        hour: 9 + rng.int(0, 16) / 2,
        method,
        provider: online ? "stripe" : null,
        txn: online ? `pi_3Pdemo${String(txnCounter).padStart(4, "0")}${rng.int(100000, 999999)}` : null,
        reference:
          method === "check"
            ? `Check #${rng.int(1001, 4999)}`
            : method === "bank_transfer"
              ? `ACH ${rng.int(100000, 999999)}`
              : null,
      };
    };
    const paymentDay = (from: string, to: string) => {
      const span = Math.max(0, daysBetween(to, from));
      return addDays(from, rng.int(0, span));
    };
    const makeInvoice = (init: {
      job: JobPlan | null;
      customer: CustomerPlan;
      quote?: QuotePlan | null;
      title: string;
      description?: string | null;
      status: InvoicePlan["status"];
      issueDay: string;
      lines: Line[];
      notes?: string | null;
    }): InvoicePlan => {
      const totals = computeTotals(init.lines);
      const inv: InvoicePlan = {
        customer: init.customer,
        job: init.job,
        quote: init.quote ?? null,
        title: init.title,
        description: init.description ?? null,
        status: init.status,
        issueDay: init.issueDay,
        dueDay: addDays(init.issueDay, 30),
        lines: init.lines,
        totals,
        payments: [],
        notes: init.notes ?? null,
        sentAt: init.status === "draft" ? null : clock.past(init.issueDay, 10.5),
        createdAt: clock.past(init.issueDay, 9 + rng.int(0, 4) / 2),
      };
      const lastDay = [inv.dueDay, clock.today].sort()[0];
      if (inv.status === "paid") {
        const k = rng.int(1, 3);
        const parts =
          k === 1
            ? [totals.total]
            : k === 2
              ? [divRound(totals.total * 50n, 100n)]
              : [divRound(totals.total * 40n, 100n), divRound(totals.total * 40n, 100n)];
        if (k > 1) parts.push(totals.total - parts.reduce((a, b) => a + b, 0n));
        const days = parts.map(() => paymentDay(inv.issueDay, lastDay)).sort();
        inv.payments = parts.map((amount, i) => payment(amount, days[i]));
      } else if (inv.status === "partial") {
        const parts = rng.chance(0.5)
          ? [divRound(totals.total * 50n, 100n)]
          : [divRound(totals.total * 30n, 100n), divRound(totals.total * 20n, 100n)];
        const days = parts.map(() => paymentDay(inv.issueDay, lastDay)).sort();
        inv.payments = parts.map((amount, i) => payment(amount, days[i]));
      }
      invoices.push(inv);
      return inv;
    };
    const quoteOf = (j: JobPlan) => quotes.find((q) => q.job === j && q.status === "approved") ?? null;
    const copyLines = (q: QuotePlan): Line[] => q.lines.map((l) => ({ ...l }));
    const fromQuote = (ref: string, status: InvoicePlan["status"], issueDay: string) => {
      const j = job(ref);
      const q = quoteOf(j);
      if (!q) throw new Error(`job ${ref} has no approved quote`);
      return makeInvoice({
        job: j,
        customer: j.customer,
        quote: q,
        title: q.project.title,
        description: j.project.description,
        status,
        issueDay,
        lines: copyLines(q),
      });
    };
    const standalone = (ref: string, status: InvoicePlan["status"], issueDay: string) => {
      const j = job(ref);
      return makeInvoice({
        job: j,
        customer: j.customer,
        title: j.project.title,
        description: j.project.description,
        status,
        issueDay,
        lines: projectLines(rng, j.project),
      });
    };
    const completion = (ref: string) => job(ref).completionDate ?? clock.today;
    const start = (ref: string) => {
      const d = job(ref).startDate ?? clock.today;
      return d > clock.today ? clock.today : d;
    };
    // From approved quotes (12).
    fromQuote("C0", "sent", completion("C0"));
    for (const ref of ["C1", "C2", "C3"]) fromQuote(ref, "paid", completion(ref));
    for (const ref of ["I0", "I1", "I2", "I3"]) fromQuote(ref, "partial", start(ref));
    for (const ref of ["I4", "I5"]) fromQuote(ref, "sent", start(ref));
    for (const ref of ["A0", "A1"]) fromQuote(ref, "draft", clock.today);
    // Without a quote (23).
    for (const ref of ["C4", "C5"]) standalone(ref, "sent", completion(ref));
    for (const ref of ["C6", "C7", "C9", "C11", "C13", "C14", "C15", "C16", "C17"])
      standalone(ref, "paid", completion(ref));
    for (const ref of ["C8", "C10", "C12"]) standalone(ref, "overdue", completion(ref));
    makeInvoice({
      job: job("C16"),
      customer: job("C16").customer,
      title: "Warranty service – drawer slide replacement",
      description: "Out-of-warranty service call: replaced a failed slide and realigned drawer fronts.",
      status: "overdue",
      issueDay: clock.day(-50),
      lines: [
        { description: "Service call – realign doors and drawer fronts", qty: 100n, price: 14500n },
        { description: 'Blum Tandem 21" full-extension slide (pair)', qty: 200n, price: 4650n },
        { description: "Additional labor (hours)", qty: 150n, price: 8500n },
      ],
    });
    for (const ref of ["I6", "I7"]) standalone(ref, "partial", start(ref));
    for (const ref of ["I8", "I9"]) standalone(ref, "sent", start(ref));
    for (const ref of ["A6", "A7"]) {
      const j = job(ref);
      const contract = computeTotals(projectLines(rng, j.project)).total;
      j.estimated = contract;
      makeInvoice({
        job: j,
        customer: j.customer,
        title: `Deposit – ${j.project.title}`,
        status: "draft",
        issueDay: clock.today,
        lines: [
          {
            description: `50% deposit on contract of $${money(contract)}`,
            qty: 100n,
            price: divRound(contract * 50n, 100n),
          },
        ],
        notes: "The deposit reserves your place in the shop schedule.",
      });
    }
    {
      const j = job("X0");
      const q = quotes.find((qq) => qq.job === j) ?? null;
      const contract = q ? q.totals.total : computeTotals(projectLines(rng, j.project)).total;
      makeInvoice({
        job: j,
        customer: j.customer,
        title: `Deposit – ${j.project.title}`,
        status: "cancelled",
        issueDay: addDays(j.createdDay, 5) > clock.today ? clock.today : addDays(j.createdDay, 5),
        lines: [
          { description: "30% deposit to reserve the shop schedule", qty: 100n, price: divRound(contract * 30n, 100n) },
        ],
        notes: "Cancelled with the job.",
      });
    }
    {
      const original = invoices.find((inv) => inv.job === job("C9"));
      if (!original) throw new Error("C9 invoice missing");
      makeInvoice({
        job: original.job,
        customer: original.customer,
        title: original.title,
        description: original.description,
        status: "cancelled",
        issueDay: original.issueDay,
        lines: original.lines.map((l) => ({ ...l })),
        notes: "Issued in error (duplicate); voided.",
      });
    }

    // Job money: the contract total where one exists, otherwise an estimate; actual cost once done.
    for (const j of jobs) {
      const q = quotes.find((qq) => qq.job === j);
      const full = invoices.find(
        (inv) => inv.job === j && !inv.title.startsWith("Deposit") && !inv.title.startsWith("Warranty"),
      );
      if (q) j.estimated = q.totals.total;
      else if (full) j.estimated = full.totals.total;
      else if (j.estimated === null)
        j.estimated = divRound(computeTotals(projectLines(rng, j.project)).total, 5000n) * 5000n; // to $50
      if (j.status === "completed" && j.estimated !== null)
        j.actual = divRound(j.estimated * BigInt(rng.int(88, 112)), 100n);
      if (j.status === "in-progress" && j.estimated !== null && rng.chance(0.5))
        j.actual = divRound(j.estimated * BigInt(rng.int(20, 60)), 100n);
    }

    // Numbers follow creation order within each year.
    const numberDocs = <T extends { createdAt: Date; number?: string }>(
      docs: T[],
      prefix: string,
      dayOf: (d: T) => string,
    ) => {
      const perYear = new Map<string, number>();
      [...docs]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .forEach((d) => {
          const year = dayOf(d).slice(0, 4);
          const n = (perYear.get(year) ?? 0) + 1;
          perYear.set(year, n);
          d.number = `${prefix}-${year}-${String(n).padStart(4, "0")}`;
        });
    };
    numberDocs(quotes, "Q", (q) => dayIn(clock.timeZone, q.createdAt));
    numberDocs(invoices, "INV", (inv) => dayIn(clock.timeZone, inv.createdAt));

    // ------------------------------------------------------------ insert customers, jobs, phases
    const custIds = await tx
      .insert(t.customers)
      .values(
        customers.map((c) => ({
          name: c.name,
          email: c.email,
          phone: c.phone,
          address: c.address,
          city: c.city,
          state: c.state,
          zipCode: c.zipCode,
          notes: c.notes,
          createdAt: c.createdAt,
          updatedAt: c.createdAt,
        })),
      )
      .returning({ id: t.customers.id });
    customers.forEach((c, i) => (c.id = custIds[i].id));
    summary.customers = customers.length;

    const jobCreatedAt = (j: JobPlan) => clock.past(j.createdDay, 9 + (j.customer.name.length % 8) / 2);
    const jobIds = await tx
      .insert(t.jobs)
      .values(
        jobs.map((j) => ({
          customerId: j.customer.id!,
          title: j.title,
          description: j.project.description,
          status: j.status,
          estimatedCost: j.estimated === null ? null : money(j.estimated),
          actualCost: j.actual === null ? null : money(j.actual),
          startDate: j.startDate,
          completionDate: j.completionDate,
          notes: j.notes,
          createdAt: jobCreatedAt(j),
          updatedAt: clock.past(j.status === "completed" && j.completionDate ? j.completionDate : clock.today, 17),
        })),
      )
      .returning({ id: t.jobs.id });
    jobs.forEach((j, i) => (j.id = jobIds[i].id));
    summary.jobs = jobs.length;

    const phaseNames = ["Design & final measure", "Shop build", "Finishing", "Delivery & install", "Punch list"];
    const phaseRows = ["I0", "I1", "I2", "A0", "C1"].flatMap((ref) => {
      const j = job(ref);
      const from = j.createdDay;
      const to = j.completionDate ?? clock.day(30);
      const span = Math.max(phaseNames.length, daysBetween(to, from));
      return phaseNames.map((name, i) => {
        const ps = addDays(from, Math.floor((span * i) / phaseNames.length));
        const pe = addDays(
          from,
          Math.floor((span * (i + 1)) / phaseNames.length) - (i === phaseNames.length - 1 ? 0 : 1),
        );
        const status =
          j.status === "completed" || pe < clock.today ? "completed" : ps <= clock.today ? "in-progress" : "planned";
        return {
          jobId: j.id!,
          name,
          plannedStart: ps,
          plannedEnd: pe,
          actualStart: status === "planned" ? null : ps,
          actualEnd: status === "completed" ? pe : null,
          status,
          sortOrder: i,
          notes: name === "Finishing" ? "Sherwin-Williams Pure White, satin conversion varnish." : null,
          createdAt: jobCreatedAt(j),
          updatedAt: jobCreatedAt(j),
        };
      });
    });
    await tx.insert(t.jobPhases).values(phaseRows);
    summary.job_phases = phaseRows.length;

    // ------------------------------------------------------------ quotes, invoices, payments
    const quoteIds = await tx
      .insert(t.quotes)
      .values(
        quotes.map((q) => ({
          customerId: q.customer.id!,
          jobId: q.job?.id ?? null,
          quoteNumber: q.number!,
          title: q.project.title,
          description: q.project.description,
          status: q.status,
          subtotal: money(q.totals.subtotal),
          taxRate: TAX_RATE,
          taxAmount: money(q.totals.tax),
          total: money(q.totals.total),
          validUntil: q.validUntil,
          notes: q.notes,
          terms: QUOTE_TERMS,
          changeRequest: q.changeRequest,
          sentAt: q.sentAt,
          respondedAt: q.respondedAt,
          createdAt: q.createdAt,
          updatedAt: q.respondedAt ?? q.sentAt ?? q.createdAt,
        })),
      )
      .returning({ id: t.quotes.id });
    quotes.forEach((q, i) => (q.id = quoteIds[i].id));
    const quoteItemRows = quotes.flatMap((q) => itemRows(q.lines, q.createdAt).map((r) => ({ ...r, quoteId: q.id! })));
    await tx.insert(t.quoteItems).values(quoteItemRows);
    summary.quotes = quotes.length;
    summary.quote_items = quoteItemRows.length;

    const invoiceIds = await tx
      .insert(t.invoices)
      .values(
        invoices.map((inv) => {
          const paid = inv.payments.reduce((sum, p) => sum + p.amount, 0n);
          return {
            customerId: inv.customer.id!,
            quoteId: inv.quote?.id ?? null,
            jobId: inv.job?.id ?? null,
            invoiceNumber: inv.number!,
            title: inv.title,
            description: inv.description,
            status: inv.status,
            issueDate: inv.issueDay,
            dueDate: inv.dueDay,
            subtotal: money(inv.totals.subtotal),
            taxRate: TAX_RATE,
            taxAmount: money(inv.totals.tax),
            total: money(inv.totals.total),
            paidTotal: money(paid),
            balance: money(inv.totals.total - paid),
            notes: inv.notes,
            terms: INVOICE_TERMS,
            sentAt: inv.sentAt,
            createdAt: inv.createdAt,
            updatedAt: inv.createdAt,
          };
        }),
      )
      .returning({ id: t.invoices.id });
    invoices.forEach((inv, i) => (inv.id = invoiceIds[i].id));
    const invoiceItemRows = invoices.flatMap((inv) =>
      itemRows(inv.lines, inv.createdAt).map((r) => ({ ...r, invoiceId: inv.id! })),
    );
    await tx.insert(t.invoiceItems).values(invoiceItemRows);
    summary.invoices = invoices.length;
    summary.invoice_items = invoiceItemRows.length;

    const paymentPlans = invoices.flatMap((inv) => inv.payments.map((p) => ({ inv, p })));
    const paymentIds = await tx
      .insert(t.payments)
      .values(
        paymentPlans.map(({ inv, p }) => {
          const at = clock.past(p.day, p.hour);
          return {
            invoiceId: inv.id!,
            amount: money(p.amount),
            method: p.method,
            provider: p.provider,
            providerTransactionId: p.txn,
            currency: "USD",
            status: "completed",
            receivedAt: at,
            reference: p.reference,
            notes: p.provider ? "Paid online through the payment link." : null,
            recordedByUserId: p.provider ? null : userId(rng.chance(0.7) ? "office" : "owner"),
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: t.payments.id });
    paymentPlans.forEach(({ p }, i) => (p.id = paymentIds[i].id));
    summary.payments = paymentPlans.length;

    // ------------------------------------------------------------ resources and the schedule
    const R = {
      IVAN: 0,
      TYLER: 1,
      DIEGO: 2,
      CREW_A: 3,
      CREW_B: 4,
      TRUCK: 5,
      VAN: 6,
      SAW: 7,
      EDGE: 8,
      SPRAY: 9,
    } as const;
    const resourceDefs = [
      {
        name: "Ivan Castillo",
        type: "installer",
        skills: ["installation", "scribing", "crown molding"],
        notes: "Lead installer.",
      },
      {
        name: "Tyler Brooks",
        type: "installer",
        skills: ["installation", "delivery", "countertop templating"],
        notes: null,
      },
      {
        name: "Diego Ramirez",
        type: "installer",
        skills: ["installation", "finish carpentry", "closet systems"],
        notes: null,
      },
      {
        name: "Install Crew A",
        type: "crew",
        skills: ["kitchens", "large installs"],
        notes: "Three-person crew led by Luis Vega.",
      },
      {
        name: "Install Crew B",
        type: "crew",
        skills: ["closets", "built-ins", "vanities"],
        notes: "Two-person crew led by Sam Whitaker.",
      },
      {
        name: "Box Truck – Isuzu NPR",
        type: "vehicle",
        skills: ["liftgate", "26 ft box"],
        notes: "NC plate TRK-4471.",
      },
      { name: "Ford Transit Van", type: "vehicle", skills: ["ladder rack"], notes: null },
      {
        name: "Panel Saw – Altendorf F45",
        type: "equipment",
        skills: ["sheet goods"],
        notes: "Blade changed every 6 weeks.",
      },
      { name: "Edgebander – Brandt KDF", type: "equipment", skills: ["PVC", "wood veneer"], notes: null },
      {
        name: "Spray Booth",
        type: "equipment",
        skills: ["conversion varnish", "waterborne"],
        notes: "Filters replaced monthly.",
      },
    ];
    const resourceIds = await tx
      .insert(t.resources)
      .values(
        resourceDefs.map((r) => ({
          ...r,
          active: true,
          createdAt: clock.past(clock.day(-400), 9),
          updatedAt: clock.past(clock.day(-400), 9),
        })),
      )
      .returning({ id: t.resources.id });
    summary.resources = resourceIds.length;

    type EventPlan = {
      id?: number;
      title: string;
      type: "install" | "measure" | "delivery" | "shop" | "appointment" | "service";
      job: JobPlan | null;
      customer: CustomerPlan | null;
      day: string;
      start: number;
      end: number;
      allDay: boolean;
      notes: string | null;
      resources: number[];
      status: string;
    };
    const events: EventPlan[] = [];
    const busy = new Map<number, Array<[number, number]>>();
    const windowStart = clock.day(-14);
    const windowEnd = clock.day(28);
    const inWindow = (day: string) => day >= windowStart && day <= windowEnd;
    const book = (ev: Omit<EventPlan, "resources" | "status">, combos: number[][]): EventPlan | null => {
      const s = clock.at(ev.day, ev.allDay ? 0 : ev.start).getTime();
      const e = ev.allDay ? clock.at(addDays(ev.day, 1), 0).getTime() : clock.at(ev.day, ev.end).getTime();
      for (const combo of combos) {
        const free = combo.every((r) => (busy.get(r) ?? []).every(([bs, be]) => be <= s || bs >= e));
        if (!free) continue;
        for (const r of combo) busy.set(r, [...(busy.get(r) ?? []), [s, e]]);
        let status = "scheduled";
        if (ev.day < clock.today)
          status = (ev.type === "measure" || ev.type === "appointment") && rng.chance(0.12) ? "cancelled" : "done";
        const plan: EventPlan = { ...ev, resources: combo, status };
        events.push(plan);
        return plan;
      }
      return null;
    };
    const installCombos: Record<Kind, number[][]> = {
      kitchen: [[R.CREW_A], [R.CREW_B], [R.IVAN, R.TYLER], [R.IVAN, R.DIEGO]],
      bath: [[R.IVAN], [R.DIEGO], [R.TYLER], [R.CREW_B]],
      closet: [[R.CREW_B], [R.DIEGO], [R.IVAN], [R.CREW_A]],
      builtin: [[R.IVAN, R.DIEGO], [R.CREW_B], [R.IVAN], [R.CREW_A]],
    };
    const installDaysOf = (j: JobPlan) => {
      if (!j.completionDate) return [];
      const days: string[] = [];
      let d = workdayOnOrBefore(j.completionDate);
      while (days.length < INSTALL_DAYS[j.project.kind]) {
        if (isWorkday(d)) days.unshift(d);
        d = addDays(d, -1);
      }
      return days;
    };
    const scheduledJobs = jobs.filter(
      (j) => j.status === "in-progress" || j.status === "completed" || j.status === "approved",
    );
    const firstInstallDay = new Map<JobPlan, string>();
    // Installs first: they hold the crews.
    for (const j of scheduledJobs) {
      const days = installDaysOf(j);
      days.forEach((day, i) => {
        if (!inWindow(day)) return;
        const booked = book(
          {
            title: `Install – ${j.title}${days.length > 1 ? ` (day ${i + 1} of ${days.length})` : ""}`,
            type: "install",
            job: j,
            customer: j.customer,
            day,
            start: 8,
            end: 16.5,
            allDay: false,
            notes: i === 0 ? "Confirm the electrician has finished rough-in." : null,
          },
          installCombos[j.project.kind],
        );
        if (booked && !firstInstallDay.has(j)) firstInstallDay.set(j, day);
      });
    }
    // Deliveries on the first install day, before the crew starts.
    for (const [j, day] of firstInstallDay) {
      book(
        {
          title: `Deliver cabinets – ${j.customer.label}`,
          type: "delivery",
          job: j,
          customer: j.customer,
          day,
          start: 6.5,
          end: 7.75,
          allDay: false,
          notes: "Load the night before; blankets and straps.",
        },
        [[R.TRUCK, R.TYLER], [R.TRUCK, R.DIEGO], [R.VAN, R.TYLER], [R.TRUCK]],
      );
    }
    // Shop build and finishing ahead of the installs.
    for (const [j, day] of firstInstallDay) {
      const buildDay = workdayOnOrBefore(addDays(day, -rng.int(6, 9)));
      const sprayDay = workdayOnOrBefore(addDays(day, -rng.int(2, 4)));
      if (inWindow(buildDay)) {
        book(
          {
            title: `Shop build – ${j.title}`,
            type: "shop",
            job: j,
            customer: j.customer,
            day: buildDay,
            start: 0,
            end: 24,
            allDay: true,
            notes: "Cut list printed; edgeband all exposed edges.",
          },
          [[R.SAW, R.EDGE], [R.SAW]],
        );
      }
      if (inWindow(sprayDay)) {
        book(
          {
            title: `Spray finish – ${j.customer.label}`,
            type: "shop",
            job: j,
            customer: j.customer,
            day: sprayDay,
            start: 7,
            end: 12,
            allDay: false,
            notes: null,
          },
          [[R.SPRAY]],
        );
      }
    }
    const slots: Array<[number, number]> = [
      [9, 10.5],
      [11, 12.5],
      [13.5, 15],
      [15.5, 17],
    ];
    const bookInSlots = (ev: Omit<EventPlan, "resources" | "status" | "start" | "end">, combos: number[][]) => {
      for (const [s, e] of rng.shuffle(slots)) {
        const booked = book({ ...ev, start: s, end: e }, combos);
        if (booked) return booked;
      }
      return null;
    };
    const measureCombos = [[R.DIEGO, R.VAN], [R.TYLER, R.VAN], [R.IVAN, R.VAN], [R.DIEGO], [R.TYLER], [R.IVAN]];
    // Site measures for quoted jobs, final measures before approved jobs start.
    for (const j of group("Q")) {
      const day = workdayOnOrAfter(addDays(j.createdDay, rng.int(1, 3)));
      if (inWindow(day)) {
        bookInSlots(
          {
            title: `Site measure – ${j.customer.label}`,
            type: "measure",
            job: j,
            customer: j.customer,
            day,
            allDay: false,
            notes: "Bring door samples.",
          },
          measureCombos,
        );
      }
    }
    for (const j of group("A")) {
      if (!j.startDate) continue;
      const day = workdayOnOrBefore(addDays(j.startDate, -3));
      if (inWindow(day)) {
        bookInSlots(
          {
            title: `Final measure – ${j.title}`,
            type: "measure",
            job: j,
            customer: j.customer,
            day,
            allDay: false,
            notes: "Verify appliance specs and window trim.",
          },
          measureCombos,
        );
      }
    }
    // Service visits on finished jobs (one today for Ivan when the shop is open), and a morning
    // install for Ivan today if the crews took all of today's installs.
    const serviceJobs = [job("C0"), job("C3"), job("C6")];
    if (isWorkday(clock.today)) {
      const ivanInstalls = events.some(
        (ev) => ev.day === clock.today && ev.type === "install" && ev.resources.includes(R.IVAN),
      );
      const candidate = group("I").find((j) => !events.some((ev) => ev.day === clock.today && ev.job === j));
      if (!ivanInstalls && candidate) {
        book(
          {
            title: `Install – ${candidate.title} (uppers and trim)`,
            type: "install",
            job: candidate,
            customer: candidate.customer,
            day: clock.today,
            start: 8,
            end: 12,
            allDay: false,
            notes: null,
          },
          [[R.IVAN]],
        );
      }
      book(
        {
          title: `Service: adjust doors – ${job("C2").customer.label}`,
          type: "service",
          job: job("C2"),
          customer: job("C2").customer,
          day: clock.today,
          start: 13,
          end: 15,
          allDay: false,
          notes: "Two doors rubbing after humidity change.",
        },
        [[R.IVAN, R.VAN], [R.IVAN]],
      );
    }
    for (const j of serviceJobs) {
      const day = workdayOnOrAfter(addDays(j.completionDate ?? clock.today, rng.int(7, 14)));
      if (inWindow(day)) {
        bookInSlots(
          {
            title: `Service: punch list – ${j.customer.label}`,
            type: "service",
            job: j,
            customer: j.customer,
            day,
            allDay: false,
            notes: null,
          },
          [[R.DIEGO, R.VAN], [R.TYLER, R.VAN], [R.IVAN]],
        );
      }
    }
    // Design consults with new leads.
    for (const lead of leads.slice(0, 4)) {
      const day = workdayOnOrAfter(clock.day(rng.int(-12, 20)));
      bookInSlots(
        {
          title: `Design consult – ${lead.name}`,
          type: "appointment",
          job: null,
          customer: lead,
          day,
          allDay: false,
          notes: "Bring the door and finish sample kit.",
        },
        [[R.IVAN], [R.DIEGO], [R.TYLER]],
      );
    }
    events.sort((a, b) => (a.day === b.day ? a.start - b.start : a.day < b.day ? -1 : 1));
    const eventIds = await tx
      .insert(t.scheduleEvents)
      .values(
        events.map((ev) => {
          const startAt = clock.at(ev.day, ev.allDay ? 0 : ev.start);
          const endAt = ev.allDay ? clock.at(addDays(ev.day, 1), 0) : clock.at(ev.day, ev.end);
          const c = ev.customer;
          const location =
            ev.type === "shop"
              ? "Shop – 1420 Westinghouse Blvd, Charlotte, NC 28273"
              : c
                ? `${c.address}, ${c.city}, ${c.state} ${c.zipCode}`
                : null;
          const createdAt = clock.past(addDays(ev.day, -rng.int(3, 14)), 8);
          return {
            title: ev.title,
            type: ev.type,
            jobId: ev.job?.id ?? null,
            customerId: c?.id ?? null,
            startAt,
            endAt,
            allDay: ev.allDay,
            location,
            notes: ev.notes,
            status: ev.status,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: t.scheduleEvents.id });
    events.forEach((ev, i) => (ev.id = eventIds[i].id));
    const linkRows = events.flatMap((ev) =>
      ev.resources.map((r) => ({ eventId: ev.id!, resourceId: resourceIds[r].id })),
    );
    await tx.insert(t.scheduleEventResources).values(linkRows);
    summary.schedule_events = events.length;
    summary.schedule_event_resources = linkRows.length;

    // ------------------------------------------------------------ tasks
    const todayEvent =
      events.find((ev) => ev.day === clock.today && ev.type === "install" && ev.resources.includes(R.IVAN) && ev.job) ??
      null;
    const todayJob = todayEvent?.job ?? job("I0");
    const sentQuotes = quotes.filter((q) => q.status === "sent");
    type TaskDef = {
      title: string;
      type: "installation" | "followup" | "internal" | "project";
      priority: "low" | "medium" | "high" | "urgent";
      status: "open" | "in-progress" | "blocked" | "done" | "cancelled";
      due: number | null;
      user?: UserKey;
      resource?: number;
      job?: JobPlan | null;
      customer?: CustomerPlan | null;
      event?: EventPlan | null;
      hours?: number;
      notes?: string;
    };
    const label = (j: JobPlan) => j.customer.label;
    const taskDefs: TaskDef[] = [
      {
        title: `Install upper cabinets – ${label(todayJob)}`,
        type: "installation",
        priority: "high",
        status: "in-progress",
        due: 0,
        user: "installer",
        job: todayJob,
        event: todayEvent,
        hours: 6,
      },
      {
        title: `Set crown molding – ${label(todayJob)}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 0,
        user: "installer",
        job: todayJob,
        event: todayEvent,
        hours: 3,
      },
      {
        title: `Adjust doors and drawer fronts – ${label(job("C2"))}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 0,
        user: "installer",
        job: job("C2"),
        hours: 2,
      },
      {
        title: "Pick up hinge order at Queen City Cabinet Hardware",
        type: "internal",
        priority: "low",
        status: "open",
        due: 0,
        user: "installer",
        hours: 1,
      },
      {
        title: `Call ${label(job("I1"))} about the countertop template date`,
        type: "followup",
        priority: "high",
        status: "open",
        due: -3,
        user: "office",
        job: job("I1"),
      },
      {
        title: `Collect final payment – ${label(job("C8"))}`,
        type: "followup",
        priority: "urgent",
        status: "open",
        due: -5,
        user: "office",
        job: job("C8"),
        notes: "Invoice is past due; call before sending a reminder.",
      },
      {
        title: `Reorder damaged drawer front – ${label(job("I2"))}`,
        type: "project",
        priority: "high",
        status: "blocked",
        due: -2,
        user: "owner",
        job: job("I2"),
        notes: "Waiting on the finisher's color match.",
      },
      {
        title: `Touch-up paint on pantry doors – ${label(job("I3"))}`,
        type: "installation",
        priority: "medium",
        status: "in-progress",
        due: -1,
        user: "tbrooks",
        job: job("I3"),
        hours: 2,
      },
      {
        title: `Send revised drawings to ${label(job("Q0"))}`,
        type: "project",
        priority: "medium",
        status: "open",
        due: -4,
        user: "owner",
        job: job("Q0"),
      },
      {
        title: "Return unused Baltic birch to Piedmont Plywood",
        type: "internal",
        priority: "low",
        status: "open",
        due: -6,
        user: "installer",
        hours: 1,
      },
      {
        title: `Waiting on appliance specs – ${label(job("A2"))}`,
        type: "project",
        priority: "medium",
        status: "blocked",
        due: 3,
        user: "office",
        job: job("A2"),
      },
      {
        title: `Island size on hold pending plumber rough-in – ${label(job("A3"))}`,
        type: "project",
        priority: "urgent",
        status: "blocked",
        due: 5,
        user: "owner",
        job: job("A3"),
      },
      {
        title: `Sand and prime wall cabinets – ${label(job("I4"))}`,
        type: "project",
        priority: "high",
        status: "in-progress",
        due: 2,
        user: "dramirez",
        job: job("I4"),
        hours: 8,
      },
      {
        title: `Build face frames – ${label(job("A0"))}`,
        type: "project",
        priority: "medium",
        status: "in-progress",
        due: 4,
        resource: R.CREW_B,
        job: job("A0"),
        hours: 12,
      },
      {
        title: "Update supplier price list for hinges and slides",
        type: "internal",
        priority: "low",
        status: "in-progress",
        due: 10,
        user: "office",
      },
      {
        title: `Final measure – ${label(job("A1"))}`,
        type: "installation",
        priority: "high",
        status: "in-progress",
        due: 1,
        user: "tbrooks",
        job: job("A1"),
        hours: 2,
      },
      {
        title: `Follow up on quote ${sentQuotes[0]?.number ?? ""} – ${sentQuotes[0]?.customer.label ?? ""}`,
        type: "followup",
        priority: "medium",
        status: "open",
        due: 2,
        user: "office",
        customer: sentQuotes[0]?.customer ?? null,
        job: sentQuotes[0]?.job ?? null,
      },
      {
        title: `Follow up on quote ${sentQuotes[1]?.number ?? ""} – ${sentQuotes[1]?.customer.label ?? ""}`,
        type: "followup",
        priority: "low",
        status: "open",
        due: 5,
        user: "office",
        customer: sentQuotes[1]?.customer ?? null,
        job: sentQuotes[1]?.job ?? null,
      },
      {
        title: `Book the box truck for ${label(job("A4"))}`,
        type: "internal",
        priority: "medium",
        status: "open",
        due: 6,
        user: "office",
        job: job("A4"),
      },
      {
        title: `Order white oak plywood – ${label(job("A5"))}`,
        type: "project",
        priority: "high",
        status: "open",
        due: 3,
        user: "owner",
        job: job("A5"),
      },
      {
        title: `Confirm install date with ${label(job("A6"))}`,
        type: "followup",
        priority: "medium",
        status: "open",
        due: 7,
        user: "office",
        job: job("A6"),
      },
      {
        title: `Service call: realign sink base doors – ${label(job("C5"))}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 9,
        user: "dramirez",
        job: job("C5"),
        hours: 2,
      },
      {
        title: "Replace panel saw blades",
        type: "internal",
        priority: "low",
        status: "open",
        due: 12,
        user: "owner",
        resource: R.SAW,
      },
      {
        title: "Monthly spray booth filter change and safety check",
        type: "internal",
        priority: "medium",
        status: "open",
        due: 14,
        user: "office",
        resource: R.SPRAY,
      },
      {
        title: `Prepare shop drawings – ${label(job("Q1"))}`,
        type: "project",
        priority: "medium",
        status: "open",
        due: 8,
        user: "owner",
        job: job("Q1"),
      },
      {
        title: `Measure for closet system – ${label(job("Q2"))}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 4,
        user: "installer",
        job: job("Q2"),
        hours: 2,
      },
      {
        title: `Install cabinets – ${label(job("A7"))}`,
        type: "installation",
        priority: "high",
        status: "open",
        due: 12,
        resource: R.CREW_B,
        job: job("A7"),
        hours: 16,
      },
      {
        title: `Install vanity and linen tower – ${label(job("A8"))}`,
        type: "installation",
        priority: "medium",
        status: "open",
        due: 18,
        user: "installer",
        job: job("A8"),
        hours: 6,
      },
      {
        title: `Install base cabinets – ${label(job("I5"))}`,
        type: "installation",
        priority: "high",
        status: "done",
        due: -3,
        user: "installer",
        job: job("I5"),
        hours: 8,
      },
      {
        title: `Deliver cabinets – ${label(job("I6"))}`,
        type: "installation",
        priority: "medium",
        status: "done",
        due: -6,
        user: "tbrooks",
        job: job("I6"),
        hours: 3,
      },
      {
        title: `Punch list walkthrough – ${label(job("C0"))}`,
        type: "followup",
        priority: "medium",
        status: "done",
        due: -2,
        user: "owner",
        job: job("C0"),
        hours: 1,
      },
      {
        title: `Send thank-you note and review request – ${label(job("C1"))}`,
        type: "followup",
        priority: "low",
        status: "done",
        due: -8,
        user: "office",
        job: job("C1"),
      },
      {
        title: `Spray doors and drawer fronts – ${label(job("I7"))}`,
        type: "project",
        priority: "high",
        status: "done",
        due: -10,
        user: "dramirez",
        job: job("I7"),
        hours: 7,
      },
      {
        title: "Reconcile hardware receipts",
        type: "internal",
        priority: "low",
        status: "done",
        due: -12,
        user: "office",
        hours: 2,
      },
      {
        title: `Install crown and light rail – ${label(job("C3"))}`,
        type: "installation",
        priority: "medium",
        status: "done",
        due: -15,
        user: "installer",
        job: job("C3"),
        hours: 5,
      },
      {
        title: `Collect deposit – ${label(job("I0"))}`,
        type: "followup",
        priority: "high",
        status: "done",
        due: -18,
        user: "office",
        job: job("I0"),
      },
      {
        title: "Order Blum hinges and slides for next month",
        type: "internal",
        priority: "medium",
        status: "done",
        due: -20,
        user: "owner",
      },
      {
        title: `Template countertops – ${label(job("X1"))}`,
        type: "installation",
        priority: "low",
        status: "cancelled",
        due: -7,
        user: "tbrooks",
        job: job("X1"),
      },
      {
        title: `Follow up on quote – ${label(job("X2"))}`,
        type: "followup",
        priority: "low",
        status: "cancelled",
        due: -12,
        user: "office",
        job: job("X2"),
      },
      {
        title: `Design review meeting – ${label(job("X3"))}`,
        type: "project",
        priority: "medium",
        status: "cancelled",
        due: 3,
        user: "owner",
        job: job("X3"),
      },
    ];
    const tasks = taskDefs.map((d) => {
      const dueDay = d.due === null ? null : clock.day(d.due);
      const completedAt = d.status === "done" && dueDay ? clock.past(dueDay, 15.5) : null;
      const createdAt = clock.past(clock.day((d.due ?? 0) - rng.int(3, 12)), 8.5);
      return { def: d, dueDay, completedAt, createdAt };
    });
    await tx.insert(t.tasks).values(
      tasks.map(({ def, dueDay, completedAt, createdAt }) => ({
        title: def.title,
        description: def.notes ?? null,
        type: def.type,
        priority: def.priority,
        status: def.status,
        dueDate: dueDay,
        customerId: (def.customer ?? def.job?.customer)?.id ?? null,
        jobId: def.job?.id ?? null,
        scheduleEventId: def.event?.id ?? null,
        assignedToUserId: def.user ? userId(def.user) : null,
        assignedToResourceId: def.resource === undefined ? null : resourceIds[def.resource].id,
        estimatedHours: def.hours ?? null,
        actualHours: def.status === "done" && def.hours ? def.hours + rng.int(-1, 2) : null,
        notes: null,
        completedAt,
        createdAt,
        updatedAt: completedAt ?? createdAt,
      })),
    );
    summary.tasks = tasks.length;

    // ------------------------------------------------------------ inventory
    const categoryDefs = [
      ["Sheet Goods", "Plywood, MDF, melamine, edge banding and trim stock"],
      ["Hinges", "Concealed and inset hinges, mounting plates"],
      ["Drawer Slides", "Undermount and side-mount slides, locking devices"],
      ["Pulls & Knobs", "Decorative hardware"],
      ["Finishes", "Primers, topcoats, stains and abrasives"],
      ["Fasteners & Supplies", "Screws, nails, glue, shims, caulk and shop tooling"],
    ];
    const categoryIds = await tx
      .insert(t.inventoryCategories)
      .values(
        categoryDefs.map(([name, description], i) => ({
          name,
          description,
          sortOrder: i,
          createdAt: clock.past(clock.day(-420), 9),
          updatedAt: clock.past(clock.day(-420), 9),
        })),
      )
      .returning({ id: t.inventoryCategories.id });
    const supplierDefs = [
      {
        name: "Piedmont Plywood & Lumber",
        contactName: "Dana Whitfield",
        email: "orders@piedmontplywood.example",
        phone: "(704) 555-0141",
        website: "https://piedmontplywood.example",
        address: "3100 N Graham St",
        city: "Charlotte",
        state: "NC",
        zipCode: "28206",
        leadTimeDays: 5,
        paymentTerms: "Net 30",
      },
      {
        name: "Queen City Cabinet Hardware",
        contactName: "Raj Mehta",
        email: "sales@qchardware.example",
        phone: "(704) 555-0142",
        website: "https://qchardware.example",
        address: "8701 Red Oak Blvd",
        city: "Charlotte",
        state: "NC",
        zipCode: "28217",
        leadTimeDays: 3,
        paymentTerms: "Net 30",
      },
      {
        name: "Carolina Finishing Supply",
        contactName: "Beth Lowry",
        email: "beth@carolinafinishing.example",
        phone: "(980) 555-0143",
        website: null,
        address: "415 Industrial Dr",
        city: "Mooresville",
        state: "NC",
        zipCode: "28115",
        leadTimeDays: 7,
        paymentTerms: "Net 15",
      },
      {
        name: "Fastener Depot",
        contactName: null,
        email: "service@fastenerdepot.example",
        phone: "(803) 555-0144",
        website: "https://fastenerdepot.example",
        address: "1200 Cherry Rd",
        city: "Rock Hill",
        state: "SC",
        zipCode: "29732",
        leadTimeDays: 4,
        paymentTerms: "Due on Receipt",
      },
      {
        name: "Allied Hardwood Products",
        contactName: "Tom Ferris",
        email: "tferris@alliedhardwood.example",
        phone: "(336) 555-0145",
        website: null,
        address: "77 Mill Creek Rd",
        city: "High Point",
        state: "NC",
        zipCode: "27260",
        leadTimeDays: 10,
        paymentTerms: "Net 45",
      },
    ];
    const supplierIds = await tx
      .insert(t.suppliers)
      .values(
        supplierDefs.map((s) => ({
          ...s,
          notes: null,
          createdAt: clock.past(clock.day(-420), 9),
          updatedAt: clock.past(clock.day(-420), 9),
        })),
      )
      .returning({ id: t.suppliers.id });

    type ItemDef = {
      sku: string;
      name: string;
      type: "material" | "hardware" | "tool" | "consumable";
      cat: number;
      unit: string;
      purchaseUnit?: string;
      multiplier?: string;
      supplier: number;
      cost: string;
      sell: string | null;
      reorderPoint: number;
      reorderQty: number;
      safety: number;
      issue: [number, number, number] | null;
      low?: boolean;
      location: string;
      tags: string[];
    };
    // prettier-ignore
    const itemDefs: ItemDef[] = [
      { sku: "SG-MPL-34", name: '3/4" Maple Plywood A1, 4×8', type: "material", cat: 0, unit: "sheet", supplier: 0, cost: "98.50", sell: "142.00", reorderPoint: 20, reorderQty: 40, safety: 8, issue: [3, 9, 1], location: "Rack A1", tags: ["plywood", "maple"] },
      { sku: "SG-MPL-12", name: '1/2" Maple Plywood B2, 4×8', type: "material", cat: 0, unit: "sheet", supplier: 0, cost: "72.25", sell: "104.00", reorderPoint: 10, reorderQty: 20, safety: 4, issue: [2, 5, 1], location: "Rack A2", tags: ["plywood", "maple"] },
      { sku: "SG-BIR-34", name: '3/4" Baltic Birch, 5×5', type: "material", cat: 0, unit: "sheet", supplier: 4, cost: "86.40", sell: "125.00", reorderPoint: 12, reorderQty: 25, safety: 5, issue: [2, 6, 1], low: true, location: "Rack A3", tags: ["plywood", "drawers"] },
      { sku: "SG-MDF-34", name: '3/4" MDF, 4×8', type: "material", cat: 0, unit: "sheet", supplier: 0, cost: "42.75", sell: "62.00", reorderPoint: 15, reorderQty: 30, safety: 6, issue: [2, 8, 1], location: "Rack B1", tags: ["mdf", "paint-grade"] },
      { sku: "SG-MEL-34", name: '3/4" White Melamine, 4×8', type: "material", cat: 0, unit: "sheet", supplier: 0, cost: "54.90", sell: "79.00", reorderPoint: 15, reorderQty: 30, safety: 6, issue: [3, 8, 1], location: "Rack B2", tags: ["melamine", "closets"] },
      { sku: "SG-WOK-34", name: '3/4" Rift White Oak Plywood, 4×8', type: "material", cat: 0, unit: "sheet", supplier: 4, cost: "142.00", sell: "205.00", reorderPoint: 6, reorderQty: 12, safety: 2, issue: [1, 4, 1], low: true, location: "Rack A4", tags: ["plywood", "white oak"] },
      { sku: "SG-HDB-14", name: '1/4" Hardboard Back Panel, 4×8', type: "material", cat: 0, unit: "sheet", supplier: 0, cost: "18.60", sell: "27.00", reorderPoint: 10, reorderQty: 25, safety: 4, issue: [2, 5, 1], location: "Rack B3", tags: ["backs"] },
      { sku: "EB-MPL-78", name: 'Maple Wood Edge Banding 7/8"', type: "material", cat: 0, unit: "lf", purchaseUnit: "roll", multiplier: "500.0000", supplier: 0, cost: "0.1450", sell: "0.30", reorderPoint: 300, reorderQty: 1000, safety: 100, issue: [40.5, 160, 0.5], location: "Edgebander shelf", tags: ["edge banding"] },
      { sku: "EB-WHT-78", name: 'White PVC Edge Banding 7/8"', type: "material", cat: 0, unit: "lf", purchaseUnit: "roll", multiplier: "500.0000", supplier: 0, cost: "0.0850", sell: "0.20", reorderPoint: 300, reorderQty: 1000, safety: 100, issue: [35, 140, 0.5], low: true, location: "Edgebander shelf", tags: ["edge banding", "closets"] },
      { sku: "TR-CRN-35", name: 'Crown Molding 3-1/2", Paint-Grade Poplar', type: "material", cat: 0, unit: "lf", purchaseUnit: "8 ft stick", multiplier: "8.0000", supplier: 4, cost: "3.8500", sell: "6.50", reorderPoint: 120, reorderQty: 320, safety: 40, issue: [16.25, 46, 0.25], location: "Trim rack", tags: ["trim", "crown"] },
      { sku: "HG-BLM-110", name: "Blum Clip Top 110° Soft-Close Hinge", type: "hardware", cat: 1, unit: "each", purchaseUnit: "box of 50", multiplier: "50.0000", supplier: 1, cost: "4.65", sell: "8.50", reorderPoint: 100, reorderQty: 200, safety: 40, issue: [10, 36, 2], location: "Hardware bin H1", tags: ["blum", "soft-close"] },
      { sku: "HG-BLM-170", name: "Blum Clip Top 170° Hinge", type: "hardware", cat: 1, unit: "each", supplier: 1, cost: "9.80", sell: "16.00", reorderPoint: 20, reorderQty: 40, safety: 8, issue: [2, 6, 2], low: true, location: "Hardware bin H2", tags: ["blum", "corner"] },
      { sku: "HG-BLM-PL", name: "Blum Face-Frame Mounting Plate", type: "hardware", cat: 1, unit: "each", purchaseUnit: "box of 50", multiplier: "50.0000", supplier: 1, cost: "1.35", sell: "2.75", reorderPoint: 100, reorderQty: 200, safety: 40, issue: [10, 36, 2], location: "Hardware bin H3", tags: ["blum"] },
      { sku: "HG-SAL-INS", name: "Salice Inset Hinge, Soft-Close", type: "hardware", cat: 1, unit: "each", supplier: 1, cost: "7.25", sell: "12.50", reorderPoint: 24, reorderQty: 50, safety: 10, issue: [4, 12, 2], location: "Hardware bin H4", tags: ["inset"] },
      { sku: "SL-BLM-21", name: 'Blum Tandem 21" Full-Extension Soft-Close Slides', type: "hardware", cat: 2, unit: "pair", supplier: 1, cost: "28.40", sell: "46.50", reorderPoint: 30, reorderQty: 60, safety: 10, issue: [4, 12, 1], location: "Hardware bin S1", tags: ["blum", "undermount"] },
      { sku: "SL-BLM-18", name: 'Blum Tandem 18" Full-Extension Soft-Close Slides', type: "hardware", cat: 2, unit: "pair", supplier: 1, cost: "26.90", sell: "44.00", reorderPoint: 20, reorderQty: 40, safety: 8, issue: [2, 8, 1], low: true, location: "Hardware bin S2", tags: ["blum", "undermount"] },
      { sku: "SL-BLM-15", name: 'Blum Tandem 15" Full-Extension Soft-Close Slides', type: "hardware", cat: 2, unit: "pair", supplier: 1, cost: "25.50", sell: "42.00", reorderPoint: 12, reorderQty: 24, safety: 4, issue: [2, 6, 1], location: "Hardware bin S3", tags: ["blum", "undermount", "vanity"] },
      { sku: "SL-KV-22", name: 'KV 8800 22" Ball-Bearing Slides', type: "hardware", cat: 2, unit: "pair", supplier: 1, cost: "11.75", sell: "19.50", reorderPoint: 10, reorderQty: 20, safety: 4, issue: [2, 6, 1], location: "Hardware bin S4", tags: ["side-mount"] },
      { sku: "SL-LCK-BLM", name: "Blum Tandem Locking Devices", type: "hardware", cat: 2, unit: "pair", supplier: 1, cost: "3.20", sell: "5.50", reorderPoint: 30, reorderQty: 60, safety: 10, issue: [4, 12, 1], location: "Hardware bin S5", tags: ["blum"] },
      { sku: "SL-HD-28", name: 'Accuride 9308 Heavy-Duty 28" Slides', type: "hardware", cat: 2, unit: "pair", supplier: 1, cost: "64.00", sell: "98.00", reorderPoint: 4, reorderQty: 8, safety: 2, issue: [1, 2, 1], location: "Hardware bin S6", tags: ["heavy-duty", "pantry"] },
      { sku: "PL-BAR-128", name: "Bar Pull 128 mm, Brushed Nickel", type: "hardware", cat: 3, unit: "each", supplier: 1, cost: "3.15", sell: "6.50", reorderPoint: 60, reorderQty: 120, safety: 20, issue: [8, 30, 1], location: "Pull drawer P1", tags: ["pull", "nickel"] },
      { sku: "PL-BAR-160", name: "Bar Pull 160 mm, Matte Black", type: "hardware", cat: 3, unit: "each", supplier: 1, cost: "3.80", sell: "7.50", reorderPoint: 60, reorderQty: 120, safety: 20, issue: [8, 30, 1], low: true, location: "Pull drawer P2", tags: ["pull", "black"] },
      { sku: "PL-CUP-3", name: 'Cup Pull 3", Oil-Rubbed Bronze', type: "hardware", cat: 3, unit: "each", supplier: 1, cost: "4.45", sell: "8.75", reorderPoint: 24, reorderQty: 50, safety: 10, issue: [4, 14, 1], location: "Pull drawer P3", tags: ["pull", "bronze"] },
      { sku: "PL-KNB-125", name: 'Round Knob 1-1/4", Satin Brass', type: "hardware", cat: 3, unit: "each", supplier: 1, cost: "2.60", sell: "5.25", reorderPoint: 40, reorderQty: 100, safety: 15, issue: [6, 20, 1], location: "Pull drawer P4", tags: ["knob", "brass"] },
      { sku: "PL-APP-12", name: 'Appliance Pull 12", Stainless', type: "hardware", cat: 3, unit: "each", supplier: 1, cost: "18.90", sell: "32.00", reorderPoint: 4, reorderQty: 10, safety: 2, issue: [1, 2, 1], location: "Pull drawer P5", tags: ["pull", "appliance"] },
      { sku: "PL-EDG-200", name: "Edge Pull 200 mm, Black", type: "hardware", cat: 3, unit: "each", supplier: 1, cost: "6.75", sell: "12.50", reorderPoint: 20, reorderQty: 40, safety: 8, issue: [4, 12, 1], location: "Pull drawer P6", tags: ["pull", "black", "modern"] },
      { sku: "FN-PRM-WB", name: "Waterborne Primer, White", type: "consumable", cat: 4, unit: "gallon", purchaseUnit: "5-gallon pail", multiplier: "5.0000", supplier: 2, cost: "38.50", sell: null, reorderPoint: 10, reorderQty: 20, safety: 5, issue: [1, 4, 0.25], location: "Finish room", tags: ["primer"] },
      { sku: "FN-CV-SAT", name: "Conversion Varnish, Satin", type: "consumable", cat: 4, unit: "gallon", purchaseUnit: "5-gallon pail", multiplier: "5.0000", supplier: 2, cost: "74.00", sell: null, reorderPoint: 10, reorderQty: 20, safety: 5, issue: [1, 4, 0.5], low: true, location: "Finish room", tags: ["topcoat"] },
      { sku: "FN-PU-WB", name: "Waterborne Polyurethane, Satin", type: "consumable", cat: 4, unit: "gallon", supplier: 2, cost: "56.25", sell: null, reorderPoint: 4, reorderQty: 8, safety: 2, issue: [0.5, 2, 0.25], location: "Finish room", tags: ["topcoat", "low-voc"] },
      { sku: "FN-STN-NAT", name: "Oil Stain, Natural", type: "consumable", cat: 4, unit: "gallon", supplier: 2, cost: "31.90", sell: null, reorderPoint: 2, reorderQty: 4, safety: 1, issue: [0.25, 1, 0.25], location: "Finish room", tags: ["stain"] },
      { sku: "FN-CAT-RED", name: "Catalyst Reducer", type: "consumable", cat: 4, unit: "gallon", supplier: 2, cost: "29.40", sell: null, reorderPoint: 3, reorderQty: 6, safety: 1, issue: [0.5, 1.5, 0.25], location: "Finish room", tags: ["reducer"] },
      { sku: "FN-SND-220", name: '5" Sanding Discs, 220 Grit (box of 50)', type: "consumable", cat: 4, unit: "box", supplier: 2, cost: "21.50", sell: null, reorderPoint: 6, reorderQty: 12, safety: 2, issue: [1, 2, 1], location: "Sanding station", tags: ["abrasives"] },
      { sku: "FA-SCR-114", name: '#8 × 1-1/4" Cabinet Screws (box of 1000)', type: "consumable", cat: 5, unit: "box", supplier: 3, cost: "24.80", sell: null, reorderPoint: 4, reorderQty: 10, safety: 2, issue: [1, 2, 1], location: "Fastener wall F1", tags: ["screws"] },
      { sku: "FA-SCR-212", name: '#10 × 2-1/2" Install Screws (box of 500)', type: "consumable", cat: 5, unit: "box", supplier: 3, cost: "19.95", sell: null, reorderPoint: 3, reorderQty: 6, safety: 1, issue: [1, 1, 1], location: "Fastener wall F2", tags: ["screws", "install"] },
      { sku: "FA-PKT-114", name: 'Pocket Screws 1-1/4" Coarse (box of 500)', type: "consumable", cat: 5, unit: "box", supplier: 3, cost: "12.40", sell: null, reorderPoint: 3, reorderQty: 6, safety: 1, issue: [1, 1, 1], location: "Fastener wall F3", tags: ["screws", "face frames"] },
      { sku: "FA-BRD-18", name: '18 ga Brad Nails 1-1/4" (box of 5000)', type: "consumable", cat: 5, unit: "box", supplier: 3, cost: "9.85", sell: null, reorderPoint: 2, reorderQty: 5, safety: 1, issue: [1, 1, 1], location: "Fastener wall F4", tags: ["nails"] },
      { sku: "FA-GLU-TB2", name: "Titebond II Wood Glue", type: "consumable", cat: 5, unit: "gallon", supplier: 3, cost: "27.60", sell: null, reorderPoint: 2, reorderQty: 4, safety: 1, issue: [0.25, 0.75, 0.25], low: true, location: "Assembly bench", tags: ["glue"] },
      { sku: "FA-SHM-CMP", name: "Composite Shims (bundle of 40)", type: "consumable", cat: 5, unit: "box", supplier: 3, cost: "6.40", sell: null, reorderPoint: 4, reorderQty: 10, safety: 2, issue: [1, 2, 1], location: "Install cart", tags: ["install"] },
      { sku: "FA-CAU-WHT", name: "Paintable Acrylic Caulk, White (tube)", type: "consumable", cat: 5, unit: "each", purchaseUnit: "case of 12", multiplier: "12.0000", supplier: 3, cost: "4.10", sell: null, reorderPoint: 24, reorderQty: 48, safety: 12, issue: [2, 6, 1], location: "Install cart", tags: ["install", "caulk"] },
      { sku: "TL-FOR-35", name: "35 mm Forstner Bit, Carbide (hinge boring)", type: "tool", cat: 5, unit: "each", supplier: 1, cost: "38.00", sell: null, reorderPoint: 2, reorderQty: 3, safety: 1, issue: null, location: "Tool crib", tags: ["tooling"] },
    ];
    const SCALE4 = 10000n;
    const q4 = (n: number) => BigInt(Math.round(n * 10000)); // literal quantities with ≤ 4 decimals
    const itemRowsToInsert: Array<typeof t.inventoryItems.$inferInsert> = [];
    type TxnPlan = {
      item: number;
      type: "receive" | "issue";
      qty: bigint; // signed, 1/10000 units
      unitCost: bigint; // 1/10000 dollars
      totalCost: bigint; // signed, 1/10000 dollars
      job: JobPlan | null;
      supplier: number | null;
      day: string;
      hour: number;
      reference: string | null;
      user: UserKey;
    };
    const txnPlans: TxnPlan[] = [];
    const jobsActiveOn = (day: string) =>
      jobs.filter(
        (j) =>
          (j.status === "in-progress" || j.status === "completed") &&
          j.startDate &&
          j.startDate <= day &&
          (j.completionDate ?? clock.today) >= day,
      );
    const issueJobs = jobs.filter((j) => j.status === "in-progress" || j.status === "completed");
    let poNumber = 4100;
    itemDefs.forEach((def, index) => {
      const base = parseFixed(def.cost, 4);
      let stock = 0n;
      let avg = 0n;
      let last: bigint | null = null;
      const receive = (day: string, qty: bigint, pct: number) => {
        const cost = divRound(base * BigInt(pct), 100n);
        avg = stock + qty === 0n ? cost : divRound(stock * avg + qty * cost, stock + qty);
        stock += qty;
        last = cost;
        poNumber += 1;
        txnPlans.push({
          item: index,
          type: "receive",
          qty,
          unitCost: cost,
          totalCost: divRound(qty * cost, SCALE4),
          job: null,
          supplier: def.supplier,
          day,
          hour: 7.25,
          reference: `PO-${poNumber}`,
          user: "office",
        });
      };
      const issue = (day: string, wanted: bigint, step: bigint) => {
        let qty = wanted > stock ? stock - (stock % step) : wanted;
        if (qty <= 0n) return;
        if (qty > stock) qty = stock;
        const active = jobsActiveOn(day);
        const j = active.length ? rng.pick(active) : rng.pick(issueJobs);
        stock -= qty;
        txnPlans.push({
          item: index,
          type: "issue",
          qty: -qty,
          unitCost: avg,
          totalCost: -divRound(qty * avg, SCALE4),
          job: j,
          supplier: null,
          day,
          hour: 7 + rng.int(0, 18) / 2,
          reference: j.title,
          user: rng.pick<UserKey>(["installer", "tbrooks", "dramirez", "office"]),
        });
      };
      const randomIssue = () => {
        const [min, max, step] = def.issue!;
        return q4(min) + q4(step) * BigInt(rng.int(0, Math.round((max - min) / step)));
      };
      const reorder = q4(def.reorderQty);
      const point = q4(def.reorderPoint);
      receive(clock.day(-85), reorder * (def.issue && def.issue[1] * 6 > def.reorderQty ? 2n : 1n), rng.int(95, 99));
      if (def.issue) {
        const step = q4(def.issue[2]);
        const firstDays = Array.from({ length: rng.int(1, 3) }, () => clock.day(-rng.int(41, 80))).sort();
        for (const day of firstDays) issue(day, randomIssue(), step);
        receive(clock.day(-35), reorder, rng.int(99, 103));
        const secondDays = Array.from({ length: rng.int(1, 3) }, () => clock.day(-rng.int(2, 33))).sort();
        for (const day of secondDays) issue(day, randomIssue(), step);
        if (def.low) {
          // Draw it down below the reorder point (some to critical: under half of it).
          const fraction = [20n, 40n, 60n, 85n][index % 4];
          const target = divRound(point * fraction, 100n);
          const targetStepped = target - (target % step);
          if (stock > targetStepped) issue(clock.day(-1), stock - targetStepped, step);
        } else {
          while (stock <= point) receive(clock.day(-5), reorder, 100);
        }
      }
      itemRowsToInsert.push({
        sku: def.sku,
        name: def.name,
        description: null,
        type: def.type,
        categoryId: categoryIds[def.cat].id,
        unit: def.unit,
        purchaseUnit: def.purchaseUnit ?? null,
        unitMultiplier: def.multiplier ?? "1.0000",
        trackStock: true,
        location: def.location,
        reorderPoint: dec4(point),
        reorderQty: dec4(reorder),
        safetyStock: dec4(q4(def.safety)),
        preferredSupplierId: supplierIds[def.supplier].id,
        lastCost: last === null ? null : dec4(last),
        averageCost: dec4(avg),
        sellPrice: def.sell === null ? null : dec4(parseFixed(def.sell, 4)),
        currentStock: dec4(stock),
        tags: def.tags,
        active: true,
        createdAt: clock.past(clock.day(-90), 9),
        updatedAt: clock.past(clock.day(-1), 17),
      });
    });
    const itemIds = await tx.insert(t.inventoryItems).values(itemRowsToInsert).returning({ id: t.inventoryItems.id });
    txnPlans.sort((a, b) => (a.day === b.day ? a.hour - b.hour : a.day < b.day ? -1 : 1));
    const txnIds = await tx
      .insert(t.inventoryTransactions)
      .values(
        txnPlans.map((p) => {
          const at = clock.past(p.day, p.hour);
          return {
            itemId: itemIds[p.item].id,
            type: p.type,
            quantity: dec4(p.qty),
            unitCost: dec4(p.unitCost),
            totalCost: dec4(p.totalCost),
            jobId: p.job?.id ?? null,
            supplierId: p.supplier === null ? null : supplierIds[p.supplier].id,
            reference: p.reference,
            notes: null,
            createdByUserId: userId(p.user),
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: t.inventoryTransactions.id });
    const usageRows = txnPlans.flatMap((p, i) => {
      if (p.type !== "issue" || !p.job) return [];
      const at = clock.past(p.day, p.hour);
      return [
        {
          jobId: p.job.id!,
          itemId: itemIds[p.item].id,
          quantity: dec4(-p.qty),
          unitCostSnapshot: dec4(p.unitCost),
          totalCostSnapshot: dec4(-p.totalCost),
          transactionId: txnIds[i].id,
          notes: null,
          createdAt: at,
          updatedAt: at,
        },
      ];
    });
    if (usageRows.length) await tx.insert(t.jobMaterialUsages).values(usageRows);
    summary.inventory_categories = categoryIds.length;
    summary.suppliers = supplierIds.length;
    summary.inventory_items = itemIds.length;
    summary.inventory_transactions = txnIds.length;
    summary.job_material_usages = usageRows.length;

    // ------------------------------------------------------------ activity log (last 30 days)
    const since = clock.at(clock.day(-30), 0);
    const recent = (d: Date | null | undefined): d is Date => !!d && d >= since && d <= clock.now;
    const fmtMoney = (c: bigint) => `$${money(c).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
    const take = (list: ActivityPlan[], n: number) => list.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, n);
    const activity: ActivityPlan[] = [
      ...take(
        jobs
          .map((j) => ({ j, at: jobCreatedAt(j) }))
          .filter(({ at }) => recent(at))
          .map(({ j, at }) => ({
            type: "job_created",
            title: `New job: ${j.title}`,
            description: `${j.customer.name} · ${j.project.kind}`,
            user: "office" as UserKey,
            customer: j.customer,
            job: j,
            amount: j.estimated,
            at,
          })),
        6,
      ),
      ...take(
        quotes
          .filter((q) => recent(q.sentAt))
          .map((q) => ({
            type: "quote_sent",
            title: `Quote ${q.number} sent`,
            description: `${q.project.title} for ${q.customer.name}`,
            user: "office" as UserKey,
            customer: q.customer,
            job: q.job,
            quote: q,
            amount: q.totals.total,
            at: q.sentAt!,
          })),
        6,
      ),
      ...take(
        quotes
          .filter((q) => q.status === "approved" && recent(q.respondedAt))
          .map((q) => ({
            type: "quote_approved",
            title: `Quote ${q.number} approved`,
            description: `${q.customer.name} approved ${fmtMoney(q.totals.total)}`,
            user: null,
            customer: q.customer,
            job: q.job,
            quote: q,
            amount: q.totals.total,
            at: q.respondedAt!,
          })),
        4,
      ),
      ...take(
        paymentPlans
          .map(({ inv, p }) => ({ inv, p, at: clock.past(p.day, p.hour) }))
          .filter(({ at }) => recent(at))
          .map(({ inv, p, at }) => ({
            type: "payment_received",
            title: `Payment received on ${inv.number}`,
            description: `${fmtMoney(p.amount)} by ${p.method.replace("_", " ")} from ${inv.customer.name}`,
            user: p.provider ? null : ("office" as UserKey),
            customer: inv.customer,
            job: inv.job,
            invoice: inv,
            amount: p.amount,
            at,
          })),
        6,
      ),
      ...take(
        tasks
          .filter(({ completedAt }) => recent(completedAt))
          .map(({ def, completedAt }) => ({
            type: "task_completed",
            title: `Task completed: ${def.title}`,
            description: null,
            user: def.user ?? null,
            customer: def.job?.customer ?? null,
            job: def.job ?? null,
            at: completedAt!,
          })),
        5,
      ),
      ...group("I")
        .slice(0, 3)
        .map((j, i) => ({
          type: "photo_uploaded",
          title: `${4 + i * 3} photos uploaded`,
          description: `Progress photos for ${j.title}`,
          user: "installer" as UserKey,
          customer: j.customer,
          job: j,
          at: clock.past(clock.day(-1 - i * 4), 15.75),
        })),
    ].sort((a, b) => a.at.getTime() - b.at.getTime());
    await tx.insert(t.activityLog).values(
      activity.map((a) => ({
        type: a.type,
        title: a.title,
        description: a.description,
        userId: a.user ? userId(a.user) : null,
        customerId: a.customer?.id ?? null,
        jobId: a.job?.id ?? null,
        quoteId: a.quote?.id ?? null,
        invoiceId: a.invoice?.id ?? null,
        amount: a.amount === null || a.amount === undefined ? null : money(a.amount),
        createdAt: a.at,
      })),
    );
    summary.activity_log = activity.length;

    // ------------------------------------------------------------ inbox (as a sync would have stored it)
    // A handful of customer replies so the demo Inbox shows linking; real mail arrives by IMAP sync.
    const mailQuotes = quotes.filter((q) => q.status === "sent" && q.customer.email).slice(0, 3);
    const mailJob = group("I").find((j) => j.customer.email);
    const inbox = [
      ...mailQuotes.map((q, i) => ({
        customer: q.customer,
        job: q.job,
        subject: `Re: Quote ${q.number} from Northwind Cabinetry`,
        text: [
          "Thanks for the quote, it looks great. Could we switch the hardware to matte black pulls?",
          "We'd like to go ahead. Is there any chance you could start before the end of the month?",
          "Quick question before we approve: does the price include removing the old cabinets?",
        ][i % 3],
        at: clock.past(clock.day(-i), 8.5 + i),
        read: i > 0,
      })),
      ...(mailJob
        ? [
            {
              customer: mailJob.customer,
              job: mailJob,
              subject: `Access for Job #${mailJob.id}`,
              text: "Hi! The side door code is 4471. The dog will be in the back yard. See you Monday.",
              at: clock.past(clock.day(0), 7.25),
              read: false,
            },
          ]
        : []),
    ];
    if (inbox.length) {
      await tx.insert(t.emails).values(
        inbox.map((m, i) => ({
          provider: "gmail",
          messageId: `<demo-${i + 1}@${(m.customer.email ?? "customer.example").split("@")[1]}>`,
          threadId: `<demo-${i + 1}@${(m.customer.email ?? "customer.example").split("@")[1]}>`,
          subject: m.subject,
          fromEmail: m.customer.email,
          fromName: m.customer.name,
          toEmail: "office@northwindcabinetry.example",
          bodyText: m.text,
          snippet: m.text.slice(0, 80),
          receivedAt: m.at,
          isRead: m.read,
          customerId: m.customer.id ?? null,
          jobId: m.job?.id ?? null,
          createdAt: m.at,
          updatedAt: m.at,
        })),
      );
    }
    summary.emails = inbox.length;

    await syncNumberSequences(tx);
  });
  return summary;
}

// ---------------------------------------------------------------- the benchmark dataset (decisions §8)

export type LargeOptions = {
  /** 1 = the full §8 sizes; 0.01 for a quick run. */
  scale?: number;
  log?: (line: string) => void;
};

const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");

/**
 * Bulk-loads the §8 history with INSERT … SELECT over generate_series, in one transaction, then
 * ANALYZE. Adds to whatever is there (ids, numbers, message ids and SKUs continue after existing
 * ones); creates the owner/office/installer demo users only when there are no users yet.
 */
export async function seedLarge(db: Database, opts: LargeOptions = {}) {
  const scale = opts.scale ?? 1;
  if (!(scale > 0 && scale <= 10)) throw new SeedError("--scale must be a number in (0, 10]");
  const log = opts.log ?? ((line: string) => console.log(line));
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  const N = {
    customers: n(20_000),
    jobs: n(60_000),
    invoices: n(50_000),
    payments: n(100_000),
    photos: n(200_000),
    emails: n(100_000),
    items: n(5_000),
    transactions: n(500_000),
  };
  const today = dayIn(businessTimeZone(), new Date());
  const D = `'${today}'::date`;
  const timings: Array<[string, number]> = [];
  const started = Date.now();

  const needUsers = (await countUsers(db)) === 0;
  if (needUsers) assertDemoUsersAllowed();
  const userRows = needUsers ? await demoUserRows(["owner", "office", "installer"]) : [];

  await db.transaction(async (tx) => {
    const exec = (text: string) => tx.execute(sql.raw(text));
    const one = async (text: string) => {
      const [row] = await rows<Record<string, string | number | null>>(tx, sql.raw(text));
      return row ?? {};
    };
    const int = (v: unknown) => Number(v ?? 0);
    /** Rows written by a statement: postgres.js reports `count`, PGlite `affectedRows`. */
    const affected = (result: unknown) => {
      const r = result as { count?: number; affectedRows?: number } | undefined;
      return typeof r?.count === "number" ? r.count : typeof r?.affectedRows === "number" ? r.affectedRows : null;
    };
    const step = async (label: string, expected: number | null, body: () => Promise<unknown>) => {
      const t0 = Date.now();
      const count = affected(await body()) ?? expected;
      const ms = Date.now() - t0;
      timings.push([label, ms]);
      log(
        `  ${label.padEnd(28)} ${count === null ? "" : String(count).padStart(8) + " rows"}  ${(ms / 1000).toFixed(1).padStart(6)} s`,
      );
    };
    /** [min id, max id] of rows added since maxBefore (one session, so the identity values are contiguous). */
    const newRange = async (table: string, maxBefore: number) => {
      const r = await one(
        `select coalesce(min(id), 0) as lo, coalesce(max(id), 0) as hi from ${table} where id > ${maxBefore}`,
      );
      return [int(r.lo), int(r.hi)] as const;
    };
    const maxId = async (table: string) => int((await one(`select coalesce(max(id), 0) as m from ${table}`)).m);
    /**
     * Bulk-load pattern: drop the table's secondary indexes (not those behind primary-key/unique
     * constraints), insert, then recreate them from their exact pg_get_indexdef() definitions.
     * Building a (trigram/GIN) index once is far cheaper than maintaining it row by row.
     */
    const withoutIndexes = async (table: string, body: () => Promise<unknown>) => {
      const defs = await rows<{ name: string; def: string }>(
        tx,
        sql.raw(`
          select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
            from pg_index i
           where i.indrelid = '${table}'::regclass
             and not exists (select 1 from pg_constraint k
                              where k.conrelid = i.indrelid and k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))`),
      );
      for (const d of defs) await exec(`drop index ${d.name}`);
      const result = await body();
      for (const d of defs) await exec(d.def);
      return result;
    };
    // Index builds after each table's load; PGlite runs in a WASM heap, so ask for less there.
    await exec(`set local maintenance_work_mem = '${(await dbKind()) === "pglite" ? "64MB" : "256MB"}'`);

    await exec(`select setseed(0.20260214)`);
    if (userRows.length) {
      await step("users", userRows.length, () => tx.insert(t.users).values(userRows));
    }
    const users = await one(
      `select (select min(id) from users where role = 'office' and active) as office,
              (select min(id) from users where role = 'installer' and active) as installer,
              (select min(id) from users) as anyone`,
    );
    const officeId = int(users.office ?? users.anyone);
    const installerId = int(users.installer ?? users.anyone);

    // ------------------------------------------------------------ customers
    const cities = CITIES.map(
      ([city, state, zip, area], i) => `(${i}, '${city}', '${state}', '${zip}', '${area}')`,
    ).join(", ");
    const cBefore = await maxId("customers");
    await step("customers", N.customers, () =>
      withoutIndexes("customers", () =>
        exec(`
        insert into customers (name, email, phone, address, city, state, zip_code, notes, created_at, updated_at)
        select s.fn || ' ' || s.ln,
               lower(s.fn || '.' || s.ln || (${cBefore} + s.g)) || '@example.com',
               '(' || c.area || ') 555-' || lpad(((${cBefore} + s.g) % 10000)::text, 4, '0'),
               (101 + (s.g * 37) % 9799) || ' ' || s.street,
               c.city, c.state, c.zip,
               case when s.g % 9 = 0 then 'Prefers text messages.' when s.g % 13 = 0 then 'Gate code on file.' end,
               s.ts, s.ts
        from (
          select g,
                 (array[${sqlList(FIRST_NAMES)}])[1 + floor(random() * ${FIRST_NAMES.length})::int] as fn,
                 (array[${sqlList(LAST_NAMES)}])[1 + floor(random() * ${LAST_NAMES.length})::int] as ln,
                 (array[${sqlList(STREETS)}])[1 + floor(random() * ${STREETS.length})::int] as street,
                 floor(random() * ${CITIES.length})::int as ci,
                 now() - random() * interval '1825 days' as ts
          from generate_series(1, ${N.customers}) as g
        ) s
        join (values ${cities}) as c(i, city, state, zip, area) on c.i = s.ci`),
      ),
    );
    const [cLo, cHi] = await newRange("customers", cBefore);
    const nc = cHi - cLo + 1;

    // ------------------------------------------------------------ jobs
    const projects = PROJECTS.map(
      (p, i) => `(${i}, '${p.title.replace(/'/g, "''")}', '${p.description.replace(/'/g, "''")}')`,
    ).join(", ");
    const jBefore = await maxId("jobs");
    await step("jobs", N.jobs, () =>
      withoutIndexes("jobs", () =>
        exec(`
        insert into jobs (customer_id, title, description, status, estimated_cost, actual_cost, start_date, completion_date, notes, created_at, updated_at)
        select c.id, split_part(c.name, ' ', 2) || ' ' || p.title, p.descr, st.status,
               round((1500 + s.r2 * 48500)::numeric, 2),
               case when st.status = 'completed' then round(((1500 + s.r2 * 48500) * (0.88 + s.r3 * 0.24))::numeric, 2) end,
               case when st.status in ('approved', 'in-progress', 'completed') then (x.created + interval '14 days')::date end,
               case when st.status in ('completed', 'approved') then (x.created + interval '14 days')::date + 10 + s.g % 30
                    when st.status = 'in-progress' then greatest((x.created + interval '14 days')::date + 10 + s.g % 30, ${D} + s.g % 21) end,
               case when st.status = 'cancelled' then 'Customer went with another contractor.' end,
               x.created, x.created
        from (
          select g, ${cLo} + floor(random() * ${nc})::int as cid, floor(random() * ${PROJECTS.length})::int as pi,
                 random() as r1, random() as r2, random() as r3
          from generate_series(1, ${N.jobs}) as g
        ) s
        join customers c on c.id = s.cid
        join (values ${projects}) as p(i, title, descr) on p.i = s.pi
        cross join lateral (select c.created_at + s.r1 * (now() - c.created_at) as created) x
        cross join lateral (
          select case
                   when s.g % 20 = 0 then 'cancelled'
                   when s.g % 20 = 1 then case when x.created > now() - interval '60 days' then 'quoted' else 'cancelled' end
                   when x.created < now() - interval '90 days' then 'completed'
                   when x.created < now() - interval '30 days' then 'in-progress'
                   else 'approved'
                 end as status
        ) st`),
      ),
    );
    const [jLo, jHi] = await newRange("jobs", jBefore);
    const nj = jHi - jLo + 1;

    // ------------------------------------------------------------ quotes: one per job, numbered per year
    // Line k of the quote on job J is a fixed pseudo-random function of (J, k), so the quote's
    // totals are computed exactly (numeric) in the statement that inserts it, and the items later.
    const itemCount = Object.keys(ITEMS).length;
    const linesOf = (jobId: string) => `
      generate_series(1, 2 + (${jobId}) % 7) as k
      cross join lateral (select ((${jobId})::bigint * 2654435761 + k * 40503) % 1000003 as h) hh
      cross join lateral (
        select ((100 + hh.h % 2400) / 100.0)::numeric(10, 2) as qty,
               ((1500 + (hh.h / 7) % 98500) / 100.0)::numeric(10, 2) as price,
               ((hh.h / 13) % ${itemCount})::int as di
      ) v`;
    const qBefore = await maxId("quotes");
    await step("quotes", nj, () =>
      withoutIndexes("quotes", () =>
        exec(`
        insert into quotes (customer_id, job_id, quote_number, title, description, status, subtotal, tax_rate, tax_amount, total,
                            valid_until, notes, terms, sent_at, responded_at, created_at, updated_at)
        select z.customer_id, z.id, 'Q-' || z.yr || '-' || lpad(z.num::text, greatest(4, length(z.num::text)), '0'),
               substr(z.title, strpos(z.title, ' ') + 1), z.description, z.qstatus,
               z.sub, ${TAX_RATE}, round(z.sub * ${TAX_RATE}, 2), z.sub + round(z.sub * ${TAX_RATE}, 2),
               (z.qc + interval '30 days')::date, null, '${QUOTE_TERMS}',
               case when z.qstatus <> 'draft' then least(z.qc + interval '1 day', now()) end,
               case when z.qstatus in ('approved', 'rejected') then least(z.qc + interval '3 days', now()) end,
               z.qc, z.qc
        from (
          select j.id, j.customer_id, j.title, j.description, x.qc, x.yr, st.qstatus, t.sub,
                 coalesce(ns.last_value, 0) + row_number() over (partition by x.yr order by x.qc, j.id) as num
          from jobs j
          cross join lateral (select j.created_at + interval '2 hours' as qc, extract(year from j.created_at + interval '2 hours')::int as yr) x
          cross join lateral (
            select case
                     when j.status = 'cancelled' then case when j.id % 2 = 0 then 'rejected' else 'expired' end
                     when j.status = 'quoted' then case when (x.qc + interval '30 days')::date < ${D} then 'expired'
                                                        when j.id % 3 = 0 then 'draft' else 'sent' end
                     else 'approved'
                   end as qstatus
          ) st
          cross join lateral (select sum(round(v.qty * v.price, 2)) as sub from ${linesOf("j.id")}) t
          left join number_sequences ns on ns.key = 'Q-' || x.yr
          where j.id between ${jLo} and ${jHi}
        ) z`),
      ),
    );
    const [qLo, qHi] = await newRange("quotes", qBefore);

    const descriptions = Object.values(ITEMS)
      .map((it, i) => `(${i}, '${it.desc.replace(/'/g, "''")}')`)
      .join(", ");
    await step("quote_items", null, () =>
      withoutIndexes("quote_items", () =>
        exec(`
        insert into quote_items (quote_id, description, quantity, unit_price, line_total, sort_order, created_at, updated_at)
        select q.id, d.descr, s.qty, s.price, round(s.qty * s.price, 2), s.k - 1, q.created_at, q.created_at
        from quotes q
        cross join lateral (select k, v.qty, v.price, v.di from ${linesOf("q.job_id")}) s
        join (values ${descriptions}) as d(i, descr) on d.i = s.di
        where q.id between ${qLo} and ${qHi}`),
      ),
    );

    // ------------------------------------------------------------ invoices from approved quotes
    const iBefore = await maxId("invoices");
    await step("invoices", N.invoices, () =>
      withoutIndexes("invoices", () =>
        exec(`
        insert into invoices (customer_id, quote_id, job_id, invoice_number, title, description, status, issue_date, due_date,
                              subtotal, tax_rate, tax_amount, total, paid_total, balance, terms, sent_at, created_at, updated_at)
        select z.customer_id, z.id, z.job_id, 'INV-' || z.yr || '-' || lpad(z.num::text, greatest(4, length(z.num::text)), '0'),
               z.title, z.description, z.istatus, z.issue, z.issue + 30,
               z.subtotal, z.tax_rate, z.tax_amount, z.total, z.paid, z.total - z.paid,
               '${INVOICE_TERMS}',
               case when z.istatus <> 'draft' then least(z.issue + time '10:30', now()) end,
               least(z.issue + time '09:00', now()), least(z.issue + time '09:00', now())
        from (
          select q.id, q.customer_id, q.job_id, q.title, q.description, q.subtotal, q.tax_rate, q.tax_amount, q.total,
                 d.issue, d.yr, st.istatus, p.paid,
                 coalesce(ns.last_value, 0) + row_number() over (partition by d.yr order by d.issue, q.id) as num
          from (
            select q.*, row_number() over (order by q.id) as n
            from quotes q where q.id between ${qLo} and ${qHi} and q.status = 'approved'
            order by q.id limit ${N.invoices}
          ) q
          join jobs j on j.id = q.job_id
          cross join lateral (
            select iss as issue, extract(year from iss)::int as yr
            from (select least(coalesce(case when j.status = 'in-progress' then j.start_date end, j.completion_date, j.start_date, q.created_at::date), ${D}) as iss) i
          ) d
          cross join lateral (
            select case
                     when q.n % 40 = 0 then 'cancelled'
                     when ${D} - d.issue > 60 then case when q.n % 25 = 1 then 'overdue' else 'paid' end
                     when ${D} - d.issue > 30 then case when q.n % 3 = 0 then 'overdue' else 'paid' end
                     else case q.n % 4 when 0 then 'draft' when 1 then 'sent' when 2 then 'partial' else 'paid' end
                   end as istatus
          ) st
          cross join lateral (
            select case st.istatus when 'paid' then q.total when 'partial' then round(q.total * 0.5, 2) else 0 end as paid
          ) p
          left join number_sequences ns on ns.key = 'INV-' || d.yr
        ) z`),
      ),
    );
    const [iLo, iHi] = await newRange("invoices", iBefore);
    await step("invoice_items (copied)", null, () =>
      withoutIndexes("invoice_items", () =>
        exec(`
        insert into invoice_items (invoice_id, description, quantity, unit_price, line_total, notes, sort_order, created_at, updated_at)
        select i.id, qi.description, qi.quantity, qi.unit_price, qi.line_total, qi.notes, qi.sort_order, i.created_at, i.created_at
        from invoices i join quote_items qi on qi.quote_id = i.quote_id
        where i.id between ${iLo} and ${iHi}`),
      ),
    );

    // ------------------------------------------------------------ payments: exactly N.payments when possible
    const counts = await one(
      `select count(*) filter (where status = 'paid') as paid, count(*) filter (where status = 'partial') as partial
         from invoices where id between ${iLo} and ${iHi}`,
    );
    const paidCount = int(counts.paid);
    const partialCount = int(counts.partial);
    // Partial invoices get one payment; paid ones `base` (+1 for the first `extra` of them).
    const forPaid = Math.max(paidCount, N.payments - partialCount);
    const basePer = paidCount ? Math.max(1, Math.floor(forPaid / paidCount)) : 1;
    const extra = paidCount ? Math.max(0, forPaid - basePer * paidCount) : 0;
    const paymentTotal = partialCount + basePer * paidCount + extra;
    await step("payments", paymentTotal, () =>
      withoutIndexes("payments", () =>
        exec(`
        insert into payments (invoice_id, amount, method, provider, provider_transaction_id, currency, status, received_at,
                              reference, recorded_by_user_id, created_at, updated_at)
        select i.id,
               case when k < i.parts then round(i.paid_total / i.parts, 2)
                    else i.paid_total - round(i.paid_total / i.parts, 2) * (i.parts - 1) end,
               m.method,
               case when m.method = 'credit_card' and i.id % 2 = 0 then 'stripe' end,
               case when m.method = 'credit_card' and i.id % 2 = 0 then 'pi_seed_' || i.id || '_' || k end,
               'USD', 'completed', x.at,
               case when m.method = 'check' then 'Check #' || (1000 + (i.id * 7 + k) % 9000) end,
               case when not (m.method = 'credit_card' and i.id % 2 = 0) then ${officeId} end,
               x.at, x.at
        from (
          select inv.*, case when inv.status = 'partial' then 1
                             else ${basePer} + case when inv.rn <= ${extra} then 1 else 0 end end as parts
          from (
            select id, status, paid_total, issue_date, row_number() over (partition by status order by id) as rn
            from invoices where id between ${iLo} and ${iHi} and status in ('paid', 'partial')
          ) inv
        ) i
        cross join lateral generate_series(1, i.parts) as k
        cross join lateral (select (array['check', 'credit_card', 'bank_transfer', 'cash', 'check'])[1 + (i.id + k) % 5] as method) m
        cross join lateral (select least(i.issue_date + (k - 1) * 9 + time '11:00', now()) as at) x`),
      ),
    );

    // ------------------------------------------------------------ photos (rows only)
    const pBefore = await maxId("photos");
    await step("photos", N.photos, () =>
      withoutIndexes("photos", () =>
        exec(`
        insert into photos (filename, original_name, title, file_size, mime_type, object_path, customer_id, job_id, tags,
                            sort_order, uploaded_by_user_id, created_at, updated_at)
        select 'photo-' || (${pBefore} + s.g) || '.jpg', 'IMG_' || (1000 + s.g % 9000) || '.jpg',
               case when s.g % 7 = 0 then 'Finished install' end,
               400000 + (s.g * 7919) % 4000000, 'image/jpeg', 'seed/photo-' || (${pBefore} + s.g) || '.jpg',
               j.customer_id, j.id,
               case s.g % 5 when 0 then '{before}'::text[] when 1 then '{during}'::text[] when 2 then '{after}'::text[]
                            when 3 then '{progress}'::text[] else '{after,site}'::text[] end,
               s.g % 12, ${installerId},
               j.created_at + s.r * (now() - j.created_at), j.created_at + s.r * (now() - j.created_at)
        from (select g, ${jLo} + floor(random() * ${nj})::int as jid, random() as r from generate_series(1, ${N.photos}) as g) s
        join jobs j on j.id = s.jid`),
      ),
    );

    // ------------------------------------------------------------ e-mails
    const subjects = [
      [
        "Question about our quote",
        "Hi, we had a couple of questions about the quote you sent over. Could we swap the crown molding for something simpler?",
      ],
      ["Install date", "Just checking whether next week still works for the install. We need to plan around the dog."],
      ["Re: Invoice", "Payment is on its way; we mailed a check this morning. Thanks for the great work!"],
      ["Photos of the finished kitchen", "We love how it turned out. Attached are a few photos from this weekend."],
      ["Door samples", "Could you bring the white oak and the painted samples to the consult on Thursday?"],
      [
        "Drawer not closing",
        "One of the drawers by the stove doesn't close all the way anymore. Can someone take a look?",
      ],
      ["Referral", "My neighbor is redoing her laundry room and asked for your number. I gave her your card."],
      ["Change to the pantry", "Can we add two more roll-out shelves to the pantry? Happy to pay the difference."],
    ];
    const subjectValues = subjects
      .map(([s, b], i) => `(${i}, '${s.replace(/'/g, "''")}', '${b.replace(/'/g, "''")}')`)
      .join(", ");
    const eBefore = await maxId("emails");
    await step("emails", N.emails, () =>
      withoutIndexes("emails", () =>
        exec(`
        insert into emails (provider, message_id, thread_id, subject, from_email, from_name, to_email, body_text, snippet,
                            received_at, is_read, has_attachments, customer_id, imap_uid, created_at, updated_at)
        select 'gmail', '<seed-' || (${eBefore} + s.g) || '@mail.example.com>', 'thread-' || ((${eBefore} + s.g + 1) / 2),
               case when s.g % 2 = 0 then 'Re: ' else '' end || m.subject, c.email, c.name, 'office@owenscabinetry.example',
               m.body, left(m.body, 80), s.ts, s.g % 5 <> 0, s.g % 11 = 0,
               case when s.g % 10 < 7 then c.id end, ${eBefore} + s.g, s.ts, s.ts
        from (
          select g, ${cLo} + floor(random() * ${nc})::int as cid, floor(random() * ${subjects.length})::int as si,
                 now() - random() * interval '730 days' as ts
          from generate_series(1, ${N.emails}) as g
        ) s
        join customers c on c.id = s.cid
        join (values ${subjectValues}) as m(i, subject, body) on m.i = s.si`),
      ),
    );

    // ------------------------------------------------------------ inventory
    await step("inventory_categories", null, () =>
      exec(`
        insert into inventory_categories (name, description, sort_order)
        values ('Sheet Goods', 'Plywood, MDF, melamine, edge banding and trim stock', 0),
               ('Hinges', 'Concealed and inset hinges, mounting plates', 1),
               ('Drawer Slides', 'Undermount and side-mount slides, locking devices', 2),
               ('Pulls & Knobs', 'Decorative hardware', 3),
               ('Finishes', 'Primers, topcoats, stains and abrasives', 4),
               ('Fasteners & Supplies', 'Screws, nails, glue, shims, caulk and shop tooling', 5)
        on conflict do nothing`),
    );
    const sBefore = await maxId("suppliers");
    await step("suppliers", 20, () =>
      exec(`
        insert into suppliers (name, contact_name, email, phone, city, state, lead_time_days, payment_terms)
        select (array['Piedmont', 'Carolina', 'Southeast', 'Blue Ridge', 'Catawba'])[1 + g % 5] || ' ' ||
               (array['Plywood Supply', 'Hardware Co.', 'Finishing Supply', 'Fastener Depot'])[1 + g % 4] || ' #' || (${sBefore} + g),
               'Account Rep ' || g, 'orders' || (${sBefore} + g) || '@supplier.example', '(704) 555-' || lpad((200 + g)::text, 4, '0'),
               'Charlotte', 'NC', 3 + g % 10, (array['Net 15', 'Net 30', 'Net 45'])[1 + g % 3]
        from generate_series(1, 20) as g`),
    );
    const [sLo, sHi] = await newRange("suppliers", sBefore);
    const templates = [
      ['3/4" Maple Plywood', "material", "Sheet Goods", "sheet", "98.50"],
      ['3/4" MDF', "material", "Sheet Goods", "sheet", "42.75"],
      ["Edge Banding 7/8in", "material", "Sheet Goods", "lf", "0.12"],
      ["Soft-Close Hinge 110", "hardware", "Hinges", "each", "4.65"],
      ["Mounting Plate", "hardware", "Hinges", "each", "1.35"],
      ["Undermount Slide 21in", "hardware", "Drawer Slides", "pair", "28.40"],
      ["Side-Mount Slide 22in", "hardware", "Drawer Slides", "pair", "11.75"],
      ["Bar Pull 128mm", "hardware", "Pulls & Knobs", "each", "3.15"],
      ["Round Knob", "hardware", "Pulls & Knobs", "each", "2.60"],
      ["Conversion Varnish", "consumable", "Finishes", "gallon", "74.00"],
      ["Waterborne Primer", "consumable", "Finishes", "gallon", "38.50"],
      ["Cabinet Screws (box)", "consumable", "Fasteners & Supplies", "box", "24.80"],
      ["Wood Glue", "consumable", "Fasteners & Supplies", "gallon", "27.60"],
      ["Forstner Bit 35mm", "tool", "Fasteners & Supplies", "each", "38.00"],
    ];
    const templateValues = templates
      .map(
        (r, i) =>
          `(${i}, ${r
            .slice(0, 4)
            .map((v) => `'${v.replace(/'/g, "''")}'`)
            .join(", ")}, ${r[4]}::numeric)`,
      )
      .join(", ");
    const itBefore = await maxId("inventory_items");
    await step("inventory_items", N.items, () =>
      exec(`
        insert into inventory_items (sku, name, type, category_id, unit, unit_multiplier, track_stock, location, reorder_point,
                                     reorder_qty, safety_stock, preferred_supplier_id, last_cost, average_cost, sell_price,
                                     current_stock, tags, active, created_at, updated_at)
        select 'BULK-' || lpad((${itBefore} + g)::text, greatest(6, length((${itBefore} + g)::text)), '0'), tp.name || ' #' || (${itBefore} + g), tp.type, cat.id, tp.unit, 1, true,
               'Bay ' || (1 + g % 24), 0, 100, 0, ${sLo} + g % ${sHi - sLo + 1}, x.cost, x.cost, round(x.cost * 1.45, 2),
               0, array[lower(tp.category)], g % 50 <> 0, now() - interval '800 days', now()
        from generate_series(1, ${N.items}) as g
        join (values ${templateValues}) as tp(i, name, type, category, unit, cost) on tp.i = g % ${templates.length}
        cross join lateral (select round(tp.cost * (1 + (g % 17) / 100.0), 4) as cost) x
        left join inventory_categories cat on lower(cat.name) = lower(tp.category)`),
    );
    const [itLo, itHi] = await newRange("inventory_items", itBefore);
    const ni = itHi - itLo + 1;
    const perItem = Math.max(1, Math.ceil(N.transactions / ni));
    // Per item, every 4th transaction (in time order) receives 40–100, the others issue 1–10:
    // stock never goes below zero, and with one cost per item the average cost is that cost.
    const tBefore = await maxId("inventory_transactions");
    await step("inventory_transactions", N.transactions, () =>
      withoutIndexes("inventory_transactions", () =>
        exec(`
        insert into inventory_transactions (item_id, type, quantity, unit_cost, total_cost, job_id, supplier_id, reference,
                                            created_by_user_id, created_at, updated_at)
        select it.id, ty.type, ty.qty, it.average_cost, round(ty.qty * it.average_cost, 4),
               case when ty.type = 'issue' then ${jLo} + (x.g * 31) % ${nj} end,
               case when ty.type = 'receive' then it.preferred_supplier_id end,
               case when ty.type = 'receive' then 'PO-' || (10000 + x.g) end,
               case when ty.type = 'receive' then ${officeId} else ${installerId} end,
               x.at, x.at
        from (
          select g, ${itLo} + (g - 1) % ${ni} as iid, (g - 1) / ${ni} as s,
                 now() - ((${perItem} - (g - 1) / ${ni}) * 7) * interval '1 day' + ((g % 9) * interval '1 hour') as at
          from generate_series(1, ${N.transactions}) as g
        ) x
        join inventory_items it on it.id = x.iid
        cross join lateral (
          select case when x.s % 4 = 0 then 'receive' else 'issue' end as type,
                 case when x.s % 4 = 0 then (40 + x.g % 61)::numeric else -(1 + x.g % 10)::numeric end as qty
        ) ty`),
      ),
    );
    const [tLo, tHi] = await newRange("inventory_transactions", tBefore);
    await step("job_material_usages", null, () =>
      withoutIndexes("job_material_usages", () =>
        exec(`
        insert into job_material_usages (job_id, item_id, quantity, unit_cost_snapshot, total_cost_snapshot, transaction_id, created_at, updated_at)
        select job_id, item_id, -quantity, unit_cost, -total_cost, id, created_at, created_at
        from inventory_transactions
        where id between ${tLo} and ${tHi} and type = 'issue' and job_id is not null`),
      ),
    );
    await step("inventory stock (update)", ni, () =>
      exec(`
        update inventory_items it
           set current_stock = t.q,
               last_cost = it.average_cost,
               reorder_point = case when it.id % 20 = 0 then round(t.q * 2.5 + 10, 0)
                                    when it.id % 10 = 0 then round(t.q * 1.3 + 5, 0)
                                    else round(t.q * 0.25, 0) end,
               safety_stock = case when it.id % 20 = 0 then round(t.q * 1.2, 0) else round(t.q * 0.1, 0) end
          from (select item_id, sum(quantity) as q from inventory_transactions where item_id between ${itLo} and ${itHi} group by item_id) t
         where it.id = t.item_id`),
    );
    await step("number_sequences", null, () => syncNumberSequences(tx));
  });
  const t0 = Date.now();
  await db.execute(sql`analyze`);
  timings.push(["analyze", Date.now() - t0]);
  log(`  ${"analyze".padEnd(28)} ${"".padStart(13)}  ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
  return { timings, totalMs: Date.now() - started, createdUsers: userRows.length };
}

// ---------------------------------------------------------------- command line

function parseArgs(argv: string[]) {
  const flags = { large: false, ifEmpty: false, scale: 1, help: false };
  for (const arg of argv) {
    if (arg === "--large") flags.large = true;
    else if (arg === "--if-empty") flags.ifEmpty = true;
    else if (arg === "--help" || arg === "-h") flags.help = true;
    else if (arg.startsWith("--scale=")) flags.scale = Number(arg.slice("--scale=".length));
    else throw new SeedError(`Unknown option ${arg}. Usage: tsx db/seed.ts [--if-empty] [--large [--scale=0.1]]`);
  }
  return flags;
}

async function main() {
  const flags = parseArgs(process.argv.slice(2));
  if (flags.help) {
    console.log(
      "Usage: tsx db/seed.ts [--if-empty]        load the demo shop (refuses if users exist)\n       tsx db/seed.ts --large [--scale=N]  load the benchmark dataset",
    );
    return;
  }
  const db = await getDb();
  const kind = await dbKind();
  if (flags.large) {
    console.log(`Loading the benchmark dataset${flags.scale === 1 ? "" : ` at scale ${flags.scale}`} into ${kind}…`);
    const result = await seedLarge(db, { scale: flags.scale });
    console.log(`Benchmark data loaded in ${(result.totalMs / 1000).toFixed(1)} s.`);
    if (result.createdUsers) printLogins();
    return;
  }
  if ((await countUsers(db)) > 0) {
    if (flags.ifEmpty) {
      console.log("Database already has data; not seeding.");
      return;
    }
    throw new SeedError("Database already has users; refusing to load demo data (use --if-empty to skip quietly).");
  }
  const t0 = Date.now();
  const summary = await seedDemo(db);
  console.log(
    `Loaded into ${kind} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
      Object.entries(summary)
        .map(([k, v]) => `${v} ${k}`)
        .join(", "),
  );
  console.log("Demo data loaded.");
  printLogins();
}

function printLogins() {
  console.log("Demo logins (password for all: " + DEMO_PASSWORD + "):");
  console.log("  owner     / " + DEMO_PASSWORD);
  console.log("  office    / " + DEMO_PASSWORD);
  console.log("  installer / " + DEMO_PASSWORD);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main()
    .then(async () => {
      await closeDb();
    })
    .catch(async (error) => {
      const message =
        error instanceof SeedError
          ? error.message
          : `Seeding failed: ${error instanceof Error ? error.message : String(error)}`;
      console.error(message);
      if (!(error instanceof SeedError) && error instanceof Error && error.stack && process.env.DEBUG)
        console.error(error.stack);
      await closeDb().catch(() => {});
      process.exit(1);
    });
}
