import type { TrendDay } from '../../../api/crm/workbench';

const WIDTH = 700;
const HEIGHT = 190;
const TOP = 22;
const BASE = 158;
const BAR = 22;
const GAP = 4;

const SERIES = [
  { key: 'conversations', label: '会话', className: 'trend-bar-conversations' },
  { key: 'leads', label: '留资', className: 'trend-bar-leads' },
] as const;

/**
 * The last seven days as grouped bars in plain SVG: the workbench is part of the shell's first load,
 * where a chart library would cost more than the page itself. A series the user may not see is left out.
 */
export default function TrendBars({ days }: { days: TrendDay[] }) {
  const series = SERIES.filter((s) => days.some((d) => d[s.key] !== null));
  const max = Math.max(1, ...days.flatMap((d) => series.map((s) => d[s.key] ?? 0)));
  const slot = WIDTH / days.length;
  const groupWidth = series.length * BAR + (series.length - 1) * GAP;
  const height = (value: number) => ((BASE - TOP) * value) / max;

  return (
    <figure className="workbench-trend">
      <figcaption className="trend-legend">
        {series.map((s) => (
          <span key={s.key}>
            <i className={s.className} />
            {s.label}
          </span>
        ))}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="近7日会话与留资">
        <line x1={0} x2={WIDTH} y1={BASE} y2={BASE} className="trend-axis" />
        {days.map((d, i) => {
          const left = i * slot + (slot - groupWidth) / 2;
          return (
            <g key={d.day}>
              {series.map((s, j) => {
                const value = d[s.key] ?? 0;
                const x = left + j * (BAR + GAP);
                const h = height(value);
                return (
                  <g key={s.key}>
                    <rect x={x} y={BASE - h} width={BAR} height={h} rx={3} className={s.className}>
                      <title>{`${d.day} ${s.label} ${value}`}</title>
                    </rect>
                    {value > 0 && (
                      <text x={x + BAR / 2} y={BASE - h - 6} className="trend-value">
                        {value}
                      </text>
                    )}
                  </g>
                );
              })}
              <text x={i * slot + slot / 2} y={BASE + 22} className="trend-day">
                {d.day.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
