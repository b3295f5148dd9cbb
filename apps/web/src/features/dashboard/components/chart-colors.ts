import { CHART_PALETTE } from '@portal/contract';

const TINT_STEP = 0.3;
const MAX_TINT = 0.75;

/** Mixes a #rrggbb colour with white: 0 keeps it, 1 is white. */
function tint(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  const mixed = channels.map((channel) => Math.round(channel + (255 - channel) * amount));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** One colour per item: the palette, then the palette again in lighter tints. */
export function chartColors(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const round = Math.floor(index / CHART_PALETTE.length);
    const base = CHART_PALETTE[index % CHART_PALETTE.length] as string;
    return tint(base, Math.min(round * TINT_STEP, MAX_TINT));
  });
}

/** How much of the text colour the grid lines take over the background: readable in every theme, dim and dark too. */
const GRID_SHARE = 0.3;

/**
 * `share` of colour `over` laid on `under`, as one opaque `rgb(...)`: the browser reads both, whatever their
 * syntax (`#4b5563`, `rgba(255, 255, 255, 0.87)`, `hsla(...)`).
 */
function laidOver(over: string, under: string, share: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return over;
  context.fillStyle = under;
  context.fillRect(0, 0, 1, 1);
  context.globalAlpha = share;
  context.fillStyle = over;
  context.fillRect(0, 0, 1, 1);
  const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
  return `rgb(${red}, ${green}, ${blue})`;
}

/** The colours a chart is drawn in. */
export interface ChartInk {
  text: string;
  grid: string;
  background: string;
}

const inkOn = (text: string, background: string): ChartInk => ({
  text,
  background,
  grid: laidOver(text, background, GRID_SHARE),
});

/**
 * On screen, the theme's text on its card; a theme's border colour is too faint for grid lines on a dim or
 * dark card (1.4:1), so they are the text colour thinned over the card (2.2:1 or more there).
 */
export function screenInk(): ChartInk {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return inkOn(read('--text-color', '#495057'), read('--surface-card', '#ffffff'));
}

/** An exported chart is for print and slides: dark ink on white whatever the screen's theme. */
export const paperInk = (): ChartInk => inkOn('#1f2937', '#ffffff');
