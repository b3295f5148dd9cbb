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
