interface PresetShape {
  readonly id: string;
  /** "R G B", each 0–255. */
  readonly rgb: string;
}

/**
 * The ten primary-colour presets of the spec's palette; the first is the default.
 * Each is dark enough for white text on it (contrast ≥ 4.5:1), because the light Fluent
 * theme puts white text on the brand background.
 */
export const PALETTE = [
  { id: 'blue', rgb: '15 108 189' },
  { id: 'indigo', rgb: '79 70 229' },
  { id: 'violet', rgb: '124 58 237' },
  { id: 'berry', rgb: '190 24 93' },
  { id: 'red', rgb: '196 43 28' },
  { id: 'orange', rgb: '194 65 12' },
  { id: 'amber', rgb: '161 98 7' },
  { id: 'green', rgb: '21 128 61' },
  { id: 'teal', rgb: '15 118 110' },
  { id: 'slate', rgb: '71 85 105' },
] as const satisfies readonly PresetShape[];

export type ColorPreset = (typeof PALETTE)[number];

export type PrimaryColorId = ColorPreset['id'];

export const DEFAULT_PRESET: ColorPreset = PALETTE[0];

/** Stored ids can be stale or hand-edited, so anything unknown means the default. */
export function presetOrDefault(id: string | null): ColorPreset {
  return PALETTE.find((preset) => preset.id === id) ?? DEFAULT_PRESET;
}
