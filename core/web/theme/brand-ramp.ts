import type { BrandVariants } from '@fluentui/react-components';

/**
 * The ramp is built in OKLCH rather than HSL: OKLCH lightness is perceptually uniform, so
 * equal steps look equal for every hue (HSL's "50 % lightness" is a dark blue but a glaring
 * yellow), and holding its hue keeps tints and shades the same colour instead of drifting.
 */

/** Positions in the ramp 10, 20 … 160: the input colour sits at shade 80, Fluent's light brand background. */
const INPUT_INDEX = 7;
const LAST_INDEX = 15;

/** OKLCH lightness of the ends, close to Fluent's own ramp (#061724 … #ebf3fc). */
const DARKEST = 0.2;
const LIGHTEST = 0.97;

/** Chroma at the ends as a share of the input's: dark shades keep some colour; the lightest is only a tint, or it would read as a pastel fill. */
const DARK_END_CHROMA = 0.45;
const LIGHT_END_CHROMA = 0.2;

interface Oklch {
  readonly l: number;
  readonly c: number;
  readonly h: number;
}

type Rgb = readonly [number, number, number];

function parseRgb(rgb: string): Rgb {
  const parts = rgb.trim().split(/\s+/).map(Number);
  const [r, g, b] = parts;
  if (
    parts.length !== 3 ||
    r === undefined ||
    g === undefined ||
    b === undefined ||
    !parts.every((v) => Number.isInteger(v) && v >= 0 && v <= 255)
  ) {
    throw new RangeError(`Expected "R G B" with integers 0–255, got "${rgb}"`);
  }
  return [r, g, b];
}

function toLinear(channel: number): number {
  const v = channel / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function fromLinear(v: number): number {
  return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
}

// Björn Ottosson's OKLab matrices (https://bottosson.github.io/posts/oklab/).
function toOklch([r8, g8, b8]: Rgb): Oklch {
  const r = toLinear(r8);
  const g = toLinear(g8);
  const b = toLinear(b8);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

/** Linear sRGB, possibly outside [0, 1] when the colour is out of gamut. */
function toLinearRgb({ l: L, c, h }: Oklch): Rgb {
  const A = c * Math.cos(h);
  const B = c * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const GAMUT_EPSILON = 1e-6;

function inGamut(color: Oklch): boolean {
  return toLinearRgb(color).every((v) => v >= -GAMUT_EPSILON && v <= 1 + GAMUT_EPSILON);
}

/** Lowers chroma at fixed lightness and hue until sRGB can show it, so lightness stays monotonic. */
function fitGamut(color: Oklch): Oklch {
  if (inGamut(color)) return color;
  let low = 0;
  let high = color.c;
  for (let i = 0; i < 24; i += 1) {
    const mid = (low + high) / 2;
    if (inGamut({ ...color, c: mid })) low = mid;
    else high = mid;
  }
  return { ...color, c: low };
}

function rgbToHex(channels: readonly number[]): string {
  return `#${channels.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function toHex(color: Oklch): string {
  return rgbToHex(toLinearRgb(fitGamut(color)).map((v) => Math.round(Math.min(1, Math.max(0, fromLinear(v))) * 255)));
}

const LIGHT_SIDE_EASING = 1.6;

/**
 * The first tints step away from the input faster, so the shades the dark theme uses for
 * brand text (100–120) are light enough to read on its dark grey background.
 */
function easeOut(t: number): number {
  return 1 - (1 - t) ** LIGHT_SIDE_EASING;
}

function lerp(from: number, to: number, t: number): number {
  return from + (to - from) * t;
}

/**
 * Fluent's 16 brand shades from one colour given as "R G B": the colour itself at shade 80,
 * darker towards 10 and lighter towards 160, at one hue with lightness rising at every step.
 */
export function brandRamp(rgb: string): BrandVariants {
  const input = parseRgb(rgb);
  const base = toOklch(input);
  // Very dark or very light inputs move the ends out so the ramp never turns back on itself.
  const darkest = Math.min(DARKEST, base.l / 2);
  const lightest = Math.max(LIGHTEST, (base.l + 1) / 2);

  const shade = (index: number): string => {
    if (index === INPUT_INDEX) return rgbToHex(input);
    if (index < INPUT_INDEX) {
      const t = index / INPUT_INDEX;
      return toHex({ l: lerp(darkest, base.l, t), c: base.c * lerp(DARK_END_CHROMA, 1, t), h: base.h });
    }
    const t = (index - INPUT_INDEX) / (LAST_INDEX - INPUT_INDEX);
    return toHex({ l: lerp(base.l, lightest, easeOut(t)), c: base.c * lerp(1, LIGHT_END_CHROMA, t), h: base.h });
  };

  return {
    10: shade(0),
    20: shade(1),
    30: shade(2),
    40: shade(3),
    50: shade(4),
    60: shade(5),
    70: shade(6),
    80: shade(7),
    90: shade(8),
    100: shade(9),
    110: shade(10),
    120: shade(11),
    130: shade(12),
    140: shade(13),
    150: shade(14),
    160: shade(15),
  };
}
