// Fallback data set for developing the benchmark while db/seed/index.ts --large is unavailable
// (BENCH_SYNTHETIC=1): the owner login and 20,000 customers made with generate_series.
// Only customers are filled, so figures from it are marked "synthetic" in the results.
import type postgres from "postgres";
import { hashPassword } from "../../app/utils/password.server";

const FIRST = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "Daniel",
  "Nancy",
  "Matthew",
  "Lisa",
  "Anthony",
  "Betty",
  "Mark",
  "Sandra",
  "Paul",
  "Ashley",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
];
const RARE = [
  "Okonkwo",
  "Vasquez-Tolle",
  "Brannigan",
  "Quisenberry",
  "Fairweather",
  "Lindqvist",
  "Abernathy",
  "Castellanos",
  "Przybylski",
  "Whitlock",
];
const CITIES = [
  "Burlington",
  "Montpelier",
  "Rutland",
  "Barre",
  "Winooski",
  "Essex",
  "Stowe",
  "Brattleboro",
  "Middlebury",
  "St. Albans",
  "Newport",
  "Bennington",
];

const arr = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;

export async function fillSynthetic(sql: postgres.Sql, customers = 20_000) {
  const hash = await hashPassword("cabinets2026");
  await sql`insert into users (username, password_hash, name, role) values ('owner', ${hash}, 'Olivia Owner', 'owner')`;
  await sql.unsafe(`
    insert into customers (name, email, phone, address, city, state, zip_code, notes, created_at, updated_at)
    select
      f || ' ' || l,
      lower(f) || '.' || lower(replace(l, ' ', '')) || i || '@example.com',
      '(802) 555-' || lpad((i % 10000)::text, 4, '0'),
      (100 + i % 900) || ' Maple Street',
      c, 'VT', lpad((5000 + i % 700)::text, 5, '0'),
      case when i % 7 = 0 then 'Prefers morning calls; kitchen remodel follow-up' end,
      now() - (i || ' minutes')::interval * 37,
      now() - (i || ' minutes')::interval * 37
    from generate_series(1, ${customers}) as i,
      lateral (select
        (${arr(FIRST)})[1 + (i * 7) % ${FIRST.length}] as f,
        case when i % 997 = 0 then (${arr(RARE)})[1 + (i / 997) % ${RARE.length}]
             else (${arr(LAST)})[1 + (i * 13) % ${LAST.length}] end as l,
        (${arr(CITIES)})[1 + (i * 3) % ${CITIES.length}] as c) as pick
  `);
}
