import { useId } from 'react';

// Small charts of a value per day, drawn as SVG (no chart library). The picture is one image to
// assistive technology, named by the chart's heading and described by a one-line summary; the
// figures themselves are in a table under it (a disclosure, so the page stays short).

export interface DayValue {
  /** An ISO date, 'YYYY-MM-DD'. */
  date: string;
  value: number;
}

const WIDTH = 320;
const HEIGHT = 150;
const PAD = { top: 18, right: 8, bottom: 20, left: 8 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** '1 Nov' for '2026-11-01' (a calendar date: no time zone shifts it). */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** 'Total GH₵ 4,350.00; highest GH₵ 290.00 on 30 Nov.' — what the picture shows, in words. */
function summary(points: readonly DayValue[], format: (value: number) => string, total: string) {
  if (points.length === 0) return 'No data yet.';
  const sum = points.reduce((s, p) => s + p.value, 0);
  const top = points.reduce((best, p) => (p.value > best.value ? p : best));
  if (top.value === 0) return `Nothing yet in these ${points.length} days.`;
  return `${total} ${format(sum)}; highest ${format(top.value)} on ${shortDate(top.date)}.`;
}

/**
 * A chart of `points` (oldest first): `bars` for amounts, `line` for counts. `format` writes a
 * value for the summary, the axis and the table (whose value column is headed `unit`).
 */
export function DayChart({
  title,
  unit,
  total,
  points,
  format,
  kind,
}: {
  title: string;
  unit: string;
  /** The summary's word for the sum: 'Total', 'Views in all'. */
  total: string;
  points: readonly DayValue[];
  format: (value: number) => string;
  kind: 'bars' | 'line';
}) {
  const id = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const scale = max > 0 ? max : 1;
  const slot = PLOT_W / Math.max(1, points.length);
  const x = (i: number) => PAD.left + slot * (i + 0.5);
  const y = (value: number) => PAD.top + PLOT_H - (value / scale) * PLOT_H;
  const first = points[0];
  const last = points[points.length - 1];

  return (
    <figure className="rounded-card bg-white p-4 shadow-card">
      <figcaption>
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <p id={`${id}-summary`} className="text-sm text-muted">
          {summary(points, format, total)}
        </p>
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full"
      >
        <text x={PAD.left} y={11} className="fill-muted text-[10px]">
          {format(max)}
        </text>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top}
          y2={PAD.top}
          className="stroke-line"
          strokeDasharray="3 3"
        />
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + PLOT_H}
          y2={PAD.top + PLOT_H}
          className="stroke-muted"
        />
        {kind === 'bars'
          ? points.map((p, i) => (
              <rect
                key={p.date}
                data-point={p.date}
                x={x(i) - slot * 0.35}
                width={slot * 0.7}
                y={y(p.value)}
                height={PAD.top + PLOT_H - y(p.value)}
                className="fill-brand-600"
              />
            ))
          : [
              <polyline
                key="line"
                points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                className="stroke-brand-700"
              />,
              ...points.map((p, i) => (
                <circle
                  key={p.date}
                  data-point={p.date}
                  cx={x(i)}
                  cy={y(p.value)}
                  r={2.5}
                  className="fill-brand-700"
                />
              )),
            ]}
        {first && (
          <text x={PAD.left} y={HEIGHT - 5} className="fill-muted text-[10px]">
            {shortDate(first.date)}
          </text>
        )}
        {last && last !== first && (
          <text
            x={WIDTH - PAD.right}
            y={HEIGHT - 5}
            textAnchor="end"
            className="fill-muted text-[10px]"
          >
            {shortDate(last.date)}
          </text>
        )}
      </svg>
      <details className="mt-2">
        <summary className="inline-flex min-h-tap cursor-pointer items-center font-semibold text-brand-700">
          Show the figures
        </summary>
        <div className="max-h-64 overflow-y-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="py-1 font-semibold">
                  Date
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {unit}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.date} className="border-b border-line last:border-0">
                  <th scope="row" className="py-1 text-left font-normal">
                    {shortDate(p.date)}
                  </th>
                  <td className="py-1 text-right tabular-nums">{format(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
