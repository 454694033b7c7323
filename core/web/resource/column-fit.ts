import { webLightTheme } from '@fluentui/react-components';
import { clampWidth, MAX_FIT_WIDTH } from './columns';

/** A cell's padding both sides (spacingHorizontalS) and a little air. */
const CELL_PADDING = 20;
/** A header's sort arrow and its gap, and the resize handle's strip. */
const HEADER_EXTRA = 28;
/** A status badge's own padding and border around its words. */
const BADGE_EXTRA = 18;
/** Values looked at on a page: enough to see what a column holds, few enough to cost nothing on a long page. */
export const FIT_SAMPLE_ROWS = 50;
/** Average advance of a character of the 14 px UI font, where no canvas measures (tests). */
const AVERAGE_CHAR_PX = 7.6;

let context: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

function measure(text: string, semibold: boolean): number {
  const key = `${semibold ? 'b' : 'r'}${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  let width = text.length * AVERAGE_CHAR_PX;
  if (context) {
    // The theme's literal font stack: the canvas cannot read the CSS variable the page uses.
    context.font = `${semibold ? 600 : 400} 14px ${webLightTheme.fontFamilyBase}`;
    width = context.measureText(text).width;
  }
  // Measured strings repeat (statuses, currencies, dates); a bound keeps a long session's cache small.
  if (widths.size > 5000) widths.clear();
  widths.set(key, width);
  return width;
}

export interface FitInput {
  /** The kind's least width (or the screen's own default). */
  readonly least: number;
  /** The header as shown. */
  readonly header: string;
  /** Cell texts as shown, a page's first FIT_SAMPLE_ROWS. */
  readonly values: readonly string[];
  /** The values are drawn as badges. */
  readonly badges?: boolean;
}

/**
 * A column's width from what it shows: at least `least`, and wide enough for its header whole (never
 * wrapped) and its longest sampled value as far as MAX_FIT_WIDTH.
 */
export function fitWidth({ least, header, values, badges = false }: FitInput): number {
  const headerNeeds = measure(header, true) + CELL_PADDING + HEADER_EXTRA;
  const valueNeeds =
    values.reduce((most, value) => Math.max(most, measure(value, false)), 0) +
    CELL_PADDING +
    (badges ? BADGE_EXTRA : 0);
  return clampWidth(Math.max(least, Math.min(MAX_FIT_WIDTH, Math.ceil(Math.max(headerNeeds, valueNeeds)))));
}
