import { CHART_PALETTE, type CountItem } from '@portal/contract';
import { Button } from 'primereact/button';
import { Chart } from 'primereact/chart';
import { useId, useRef } from 'react';
import type { StatsQuery } from '../api/stats-query.ts';
import { chartColors } from './chart-colors.ts';
import { downloadFile, rangeLabel } from './download-file.ts';

type ChartType = 'line' | 'bar' | 'doughnut';

const TITLES: Record<ChartType, string> = { line: 'Line chart', bar: 'Bar chart', doughnut: 'Doughnut chart' };

/** A doughnut's slices are told apart by colour alone: past the palette, the smallest languages share one slice. */
function doughnutRows(rows: CountItem[]): CountItem[] {
  if (rows.length <= CHART_PALETTE.length) return rows;
  const sorted = [...rows].sort((a, b) => b.count - a.count);
  const shown = sorted.slice(0, CHART_PALETTE.length - 1);
  const rest = sorted.slice(CHART_PALETTE.length - 1).reduce((sum, row) => sum + row.count, 0);
  return [...shown, { _id: 'Other languages', count: rest }];
}

function chartData(type: ChartType, allRows: CountItem[]) {
  const rows = type === 'doughnut' ? doughnutRows(allRows) : allRows;
  const colors = chartColors(rows.length);
  return {
    labels: rows.map((row) => row._id),
    datasets: [
      {
        label: 'Downloads',
        data: rows.map((row) => row.count),
        backgroundColor: type === 'line' ? colors[0] : colors,
        borderColor: type === 'doughnut' ? 'transparent' : (colors[0] ?? ''),
        tension: 0.3,
      },
    ],
  };
}

function chartOptions(type: ChartType) {
  const style = getComputedStyle(document.documentElement);
  const text = style.getPropertyValue('--text-color').trim() || '#495057';
  const grid = style.getPropertyValue('--surface-border').trim() || '#dee2e6';
  const axes = { ticks: { color: text, precision: 0 }, grid: { color: grid } };
  return {
    maintainAspectRatio: false,
    plugins: { legend: { display: type === 'doughnut', position: 'bottom', labels: { color: text, boxWidth: 12 } } },
    ...(type === 'doughnut' ? {} : { scales: { x: axes, y: { ...axes, beginAtZero: true } } }),
  };
}

/** Chart.js draws on a transparent canvas, which image viewers show on black or a checkerboard. */
function onCardBackground(canvas: HTMLCanvasElement): string | undefined {
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const context = copy.getContext('2d');
  if (!context) return undefined;
  context.fillStyle = getComputedStyle(canvas).getPropertyValue('--surface-card').trim() || '#ffffff';
  context.fillRect(0, 0, copy.width, copy.height);
  context.drawImage(canvas, 0, 0);
  return copy.toDataURL('image/png');
}

interface ChartPanelProps {
  type: ChartType;
  rows: CountItem[];
  query: StatsQuery;
}

function ChartPanel({ type, rows, query }: ChartPanelProps) {
  const chart = useRef<Chart>(null);
  const titleId = useId();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const summary = rows.map((row) => `${row._id} ${row.count}`).join(', ') || 'no downloads';
  const exportPng = () => {
    const canvas: HTMLCanvasElement | undefined = chart.current?.getCanvas();
    const image = canvas && onCardBackground(canvas);
    if (image) downloadFile(image, `downloads-${type}_${rangeLabel(query)}.png`);
  };

  return (
    <figure
      className="surface-card border-round shadow-1 p-3 m-0 h-full"
      aria-labelledby={titleId}
      data-chart={type}
      data-total={total}
    >
      <div className="flex align-items-center justify-content-between gap-2 mb-2">
        <h2 id={titleId} className="text-lg font-semibold m-0">
          {TITLES[type]}
        </h2>
        <Button
          type="button"
          icon="pi pi-image"
          label="PNG"
          size="small"
          text
          aria-label={`Export the ${TITLES[type].toLowerCase()} as PNG`}
          disabled={rows.length === 0}
          onClick={exportPng}
        />
      </div>
      <Chart
        ref={chart}
        type={type}
        data={chartData(type, rows)}
        options={chartOptions(type)}
        height="16rem"
        // The canvas is the image (PrimeReact gives it role="img"); its name says what it shows.
        pt={{ canvas: { 'aria-label': `${TITLES[type]} of downloads per language: ${summary}` } }}
      />
    </figure>
  );
}

/** Line, bar and doughnut charts of the same downloads per language, each exportable as PNG. */
export function LanguageCharts({ rows, query }: { rows: CountItem[]; query: StatsQuery }) {
  return (
    <div className="grid">
      {(['line', 'bar', 'doughnut'] as const).map((type) => (
        <div key={type} className="col-12 lg:col-4">
          <ChartPanel type={type} rows={rows} query={query} />
        </div>
      ))}
    </div>
  );
}
