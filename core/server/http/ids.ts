/*
 * Row ids as every route takes them: positive safe integers. In a path they must also be written
 * canonically (`10`, never `+10`, `010` or `1e1`), which schema-validation.ts enforces before any
 * string becomes a number; a body carries them as JSON numbers, never as strings or booleans.
 */

export const ROW_ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

export interface IdParams {
  readonly id: number;
}

/** Path parameters that are all row ids. */
export function idParams<const Names extends readonly string[]>(...names: Names) {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, ROW_ID])) as Record<Names[number], typeof ROW_ID>,
  } as const;
}

export const ID_PARAMS = idParams('id');

/** An array of row ids as a body field; duplicates are harmless and dropped later. */
export const ID_LIST = { type: 'array', maxItems: 1000, items: ROW_ID } as const;
