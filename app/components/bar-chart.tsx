// A grouped bar chart drawn as SVG on the server (docs/decisions/reports.md): no client JavaScript,
// an accessible name (role="img" with a title and a description), colours from the theme's scales
// that keep their contrast in light and dark mode, and a legend in text. The exact figures sit in
// the data table beside each chart; the bars only need to be proportional, so their geometry may
// use ordinary numbers.

export type ChartSeries = { name: string; values: Array<string | number | null>; color: ChartColor };
export type ChartColor = "blue" | "orange" | "green" | "purple";

const FILL: Record<ChartColor, string> = {
  blue: "var(--blue-9)",
  orange: "var(--orange-9)",
  green: "var(--green-9)",
  purple: "var(--purple-9)",
};

const W = 640;
const H = 240;
// The pads hold "$150k" or "$1.5M" at the left and half of "Nov 26" at the right also at the
// phone's larger axis text (reports.css).
const PAD = { top: 12, right: 32, bottom: 36, left: 84 };

type Unit = "money" | "count" | "percent";

/** 1, 2 or 5 × a power of ten, the smallest at or above `raw`: a whole number for counts, a cent at least otherwise. */
function niceStep(raw: number, unit: Unit) {
  const exp = 10 ** Math.floor(Math.log10(raw));
  const f = raw / exp;
  const step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * exp;
  return Math.max(unit === "count" ? 1 : 0.01, step);
}

/** "$12.5M", "$500k", "40%", "3": the value exactly, in the largest unit that keeps it short. */
export function axisLabel(value: number, unit: Unit) {
  const abs = Math.abs(value);
  const [scaled, suffix] =
    abs >= 1_000_000 ? [value / 1_000_000, "M"] : abs >= 1_000 ? [value / 1_000, "k"] : [value, ""];
  // Every tick is a multiple of 1, 2 or 5 × 10^n: two decimals always hold it exactly.
  const text = `${Number(scaled.toFixed(2))}${suffix}`;
  return unit === "money" ? `$${text}` : unit === "percent" ? `${text}%` : text;
}

/**
 * The value axis: 0 to the first multiple of a round step at or above the largest value, in at
 * most four steps, each gridline labelled with its own value (a step of a quarter of the top read
 * "$13M" and "$38M" for lines at 12.5 and 37.5 million).
 */
export function chartAxis(max: number, unit: Unit) {
  const step = max > 0 ? niceStep(max / 4, unit) : 1;
  const top = Math.max(step, Math.ceil(max / step - 1e-9) * step);
  const ticks: Array<{ value: number; label: string }> = [];
  for (let i = 0; i <= Math.round(top / step); i++) {
    const value = Number((i * step).toPrecision(12));
    ticks.push({ value, label: axisLabel(value, unit) });
  }
  return { top, ticks };
}

export function BarChart({
  id,
  title,
  description,
  labels,
  series,
  unit = "money",
}: {
  id: string;
  title: string;
  description: string;
  labels: string[];
  series: ChartSeries[];
  unit?: Unit;
}) {
  const numbers = series.map((s) => s.values.map((v) => (v === null || v === "" ? 0 : Number(v))));
  const { top: max, ticks } = chartAxis(Math.max(0, ...numbers.flat()), unit);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const groups = Math.max(labels.length, 1);
  const groupW = plotW / groups;
  const barW = Math.max(2, (groupW * 0.8) / Math.max(series.length, 1));
  // At most ~12 axis labels, so they never overlap; a phone draws its larger text on at most ~6 of
  // them (the others have class "dense", hidden there by reports.css).
  const every = Math.ceil(labels.length / 12);
  const everyOnPhone = every * Math.ceil(Math.ceil(labels.length / every) / 6);
  return (
    <figure className="report-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {ticks.map((t) => {
          const y = PAD.top + plotH - (t.value / max) * plotH;
          return (
            <g key={t.value}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} stroke="var(--gray-a5)" strokeWidth="1" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="var(--gray-11)">
                {t.label}
              </text>
            </g>
          );
        })}
        {labels.map((label, i) => (
          <g key={label}>
            {series.map((s, k) => {
              const v = Math.max(0, numbers[k][i] ?? 0);
              const h = (v / max) * plotH;
              const x = PAD.left + i * groupW + groupW * 0.1 + k * barW;
              return (
                <rect
                  key={s.name}
                  x={x}
                  y={PAD.top + plotH - h}
                  width={barW}
                  height={h}
                  style={{ fill: FILL[s.color] }}
                />
              );
            })}
            {i % every === 0 ? (
              <text
                x={PAD.left + i * groupW + groupW / 2}
                y={H - PAD.bottom + 16}
                textAnchor="middle"
                fontSize="11"
                fill="var(--gray-11)"
                className={i % everyOnPhone === 0 ? "x-label" : "x-label dense"}
              >
                {label}
              </text>
            ) : null}
          </g>
        ))}
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="var(--gray-a8)" />
      </svg>
      {series.length > 1 ? (
        <figcaption className="report-chart-legend">
          {series.map((s) => (
            <span key={s.name}>
              <span className="swatch" style={{ background: FILL[s.color] }} aria-hidden="true" />
              {s.name}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  );
}
