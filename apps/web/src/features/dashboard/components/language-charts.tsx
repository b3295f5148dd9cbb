import { CHART_PALETTE, type CountItem, type StatsQuery } from '@portal/contract';
import ChartJs, { type ChartConfiguration, type Plugin } from 'chart.js/auto';
import type { TFunction } from 'i18next';
import { Button } from 'primereact/button';
import { Chart } from 'primereact/chart';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartInk, chartColors, paperInk, screenInk } from './chart-colors.ts';
import { downloadFile, rangeLabel } from './download-file.ts';

type ChartType = 'line' | 'bar' | 'doughnut';

/** Each chart's name in the catalogue. */
const TITLES = {
  line: 'stats.charts.line',
  bar: 'stats.charts.bar',
  doughnut: 'stats.charts.doughnut',
} as const satisfies Record<ChartType, string>;

/** A doughnut's slices are told apart by colour alone: past the palette, the smallest languages share one slice. */
function doughnutRows(rows: CountItem[], t: TFunction): CountItem[] {
  if (rows.length <= CHART_PALETTE.length) return rows;
  const sorted = [...rows].sort((a, b) => b.count - a.count);
  const shown = sorted.slice(0, CHART_PALETTE.length - 1);
  const rest = sorted.slice(CHART_PALETTE.length - 1).reduce((sum, row) => sum + row.count, 0);
  return [...shown, { _id: t('stats.charts.otherLanguages'), count: rest }];
}

function chartData(type: ChartType, allRows: CountItem[], t: TFunction) {
  const rows = type === 'doughnut' ? doughnutRows(allRows, t) : allRows;
  const colors = chartColors(rows.length);
  return {
    labels: rows.map((row) => row._id),
    datasets: [
      {
        label: t('stats.charts.downloads'),
        data: rows.map((row) => row.count),
        backgroundColor: type === 'line' ? colors[0] : colors,
        borderColor: type === 'doughnut' ? 'transparent' : (colors[0] ?? ''),
        tension: 0.3,
      },
    ],
  };
}

function chartOptions(type: ChartType, ink: ChartInk) {
  // The axis line too: Chart.js draws it in its own default, black at 10%, lost on a dark card.
  const axes = { ticks: { color: ink.text, precision: 0 }, grid: { color: ink.grid }, border: { color: ink.grid } };
  return {
    maintainAspectRatio: false,
    plugins: {
      legend: { display: type === 'doughnut', position: 'bottom' as const, labels: { color: ink.text, boxWidth: 12 } },
    },
    ...(type === 'doughnut' ? {} : { scales: { x: axes, y: { ...axes, beginAtZero: true } } }),
  };
}

/**
 * An exported chart's size in CSS pixels, and how many image pixels each takes: 1600 × 900, print size, its
 * text drawn large enough to read on paper.
 */
const PRINT = { width: 800, height: 450, pixelRatio: 2 };

/** Chart.js draws on a transparent canvas, which image viewers show on black or a checkerboard. */
const paper = (background: string): Plugin => ({
  id: 'paper',
  beforeDraw: ({ ctx, width, height }) => {
    ctx.save();
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
});

/** What an exported image says of itself: the book and the days it counts, and whose downloads. */
function exportTitles({ book, start, end, includeStaff }: StatsQuery, t: TFunction) {
  return {
    title: t('stats.charts.exportTitle', { book: book ?? t('stats.charts.allBooks') }),
    subtitle: includeStaff ? t('stats.charts.rangeWithStaff', { start, end }) : t('stats.charts.range', { start, end }),
  };
}

/** The chart drawn again at print size, on white, its title and range in the image: a PNG data URL. */
function printImage(type: ChartType, rows: CountItem[], query: StatsQuery, t: TFunction): string {
  const canvas = document.createElement('canvas');
  canvas.width = PRINT.width;
  canvas.height = PRINT.height;
  const ink = paperInk();
  const options = chartOptions(type, ink);
  const { title, subtitle } = exportTitles(query, t);
  const heading = { display: true, color: ink.text, padding: { bottom: 8 } };
  const config: ChartConfiguration = {
    type,
    data: chartData(type, rows, t),
    options: {
      ...options,
      responsive: false,
      animation: false,
      devicePixelRatio: PRINT.pixelRatio,
      layout: { padding: 16 },
      plugins: {
        ...options.plugins,
        title: { ...heading, text: title, font: { size: 18, weight: 'bold' as const } },
        subtitle: { ...heading, text: subtitle, font: { size: 13 } },
      },
    },
    plugins: [paper(ink.background)],
  };
  // Not animated, the chart is drawn as it is made.
  const chart = new ChartJs(canvas, config);
  const image = canvas.toDataURL('image/png');
  chart.destroy();
  return image;
}

interface ChartPanelProps {
  type: ChartType;
  rows: CountItem[];
  query: StatsQuery;
}

function ChartPanel({ type, rows, query }: ChartPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const summary = rows.map((row) => `${row._id} ${row.count}`).join(', ') || t('stats.charts.noDownloads');
  const exportPng = () => downloadFile(printImage(type, rows, query, t), `downloads-${type}_${rangeLabel(query)}.png`);
  const title = t(TITLES[type]);

  return (
    <figure
      className="surface-card border-round shadow-1 p-3 m-0 h-full"
      aria-labelledby={titleId}
      data-chart={type}
      data-total={total}
    >
      <div className="flex align-items-center justify-content-between gap-2 mb-2">
        <h2 id={titleId} className="text-lg font-semibold m-0">
          {title}
        </h2>
        <Button
          type="button"
          icon="pi pi-image"
          label={t('stats.charts.png')}
          size="small"
          text
          aria-label={t('stats.charts.exportPng', { chart: title.toLowerCase() })}
          disabled={rows.length === 0}
          onClick={exportPng}
        />
      </div>
      <Chart
        type={type}
        data={chartData(type, rows, t)}
        options={chartOptions(type, screenInk())}
        height="16rem"
        // The canvas is the image (PrimeReact gives it role="img"); its name says what it shows.
        pt={{ canvas: { 'aria-label': t('stats.charts.canvas', { chart: title, summary }) } }}
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
