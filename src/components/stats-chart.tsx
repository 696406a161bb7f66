/** One series of a chart: its name (in the legend and the table) and a value per label. */
export interface ChartSeries {
  name: string;
  values: number[];
  /** A CSS class of the site's stylesheet that colours it. */
  className: string;
}

interface StatsChartProps {
  id: string;
  title: string;
  /** The id of the table that holds the chart's numbers, for screen readers. */
  tableId: string;
  labels: string[];
  series: ChartSeries[];
}

const WIDTH = 480;
const HEIGHT = 200;
const PAD = { top: 14, right: 10, bottom: 26, left: 44 };

/** A round upper bound for the axis: 1, 2 or 5 times a power of ten. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((bound) => bound >= max)!;
}

/**
 * A line chart drawn on the server as SVG: no script, no library, nothing fetched. It is an image with
 * a title for screen readers; the numbers themselves are in the table the page puts beside it.
 */
export function StatsChart({ id, title, tableId, labels, series }: StatsChartProps) {
  const max = niceMax(Math.max(0, ...series.flatMap((line) => line.values)));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (labels.length <= 1 ? innerWidth / 2 : (index * innerWidth) / (labels.length - 1));
  const y = (value: number) => PAD.top + innerHeight - (value / max) * innerHeight;
  const ticks = [0, max / 2, max];
  const every = Math.max(1, Math.ceil(labels.length / 6));
  return (
    <figure className="stats-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-rotulo`} aria-describedby={tableId}>
        <title id={`${id}-rotulo`}>{title}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="stats-chart-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className="stats-chart-axis" x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick.toLocaleString('pt-BR')}
            </text>
          </g>
        ))}
        {labels.map((label, index) =>
          index % every === 0 ? (
            <text key={label} className="stats-chart-axis" x={x(index)} y={HEIGHT - 8} textAnchor="middle">
              {label.slice(8, 10)}/{label.slice(5, 7)}
            </text>
          ) : null,
        )}
        {series.map((line) => (
          <polyline key={line.name} className={`stats-chart-line ${line.className}`} fill="none" points={line.values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ')} />
        ))}
      </svg>
      <figcaption className="stats-chart-legend">
        {series.map((line) => (
          <span key={line.name} className={`stats-chart-key ${line.className}`}>
            {line.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
