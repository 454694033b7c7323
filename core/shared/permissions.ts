/**
 * Permission codes and the derived area flags of spec §6.
 * The flag groups are quoted as the spec gives them; some codes used by sidebar
 * items (FL, FJ, MC, FO) are deliberately absent here, as the spec notes.
 */
export type PermissionCode = string;

export const AREA_FLAG_GROUPS = {
  admin: ['JA', 'JS', 'JU', 'JQ', 'JT', 'VR'],
  facebook: ['MA', 'MD', 'MP', 'MQ', 'MS', 'MV'],
  shop: ['SC', 'SP', 'SQ', 'SO', 'SM', 'SS', 'SR'],
  tracker: ['TF', 'TA', 'TT', 'TO', 'TS', 'TB', 'TL', 'TR'],
  system: ['YP', 'YS', 'YE', 'YQ', 'YA', 'YD', 'YU', 'YT', 'YL'],
  finance: ['FP', 'FW', 'FD', 'FG', 'FN', 'FA', 'FT', 'FF', 'FS', 'FV', 'FE', 'FC', 'FH', 'FZ'],
} as const satisfies Record<string, readonly PermissionCode[]>;

export type AreaFlag = keyof typeof AREA_FLAG_GROUPS | 'messenger';

/** The messenger flag is not a group: it is exactly the code MB. */
export const MESSENGER_CODE = 'MB';

/**
 * A requirement on the user's codes: one code, any of several, or all of several.
 * Used by sidebar entries, routes and server guards alike.
 */
export type PermissionRequirement =
  | PermissionCode
  | { readonly anyOf: readonly PermissionCode[] }
  | { readonly allOf: readonly PermissionCode[] };

export function satisfies(codes: ReadonlySet<PermissionCode>, requirement: PermissionRequirement): boolean {
  if (typeof requirement === 'string') return codes.has(requirement);
  if ('anyOf' in requirement) return requirement.anyOf.some((code) => codes.has(code));
  return requirement.allOf.every((code) => codes.has(code));
}

export function requirementCodes(requirement: PermissionRequirement): readonly PermissionCode[] {
  if (typeof requirement === 'string') return [requirement];
  return 'anyOf' in requirement ? requirement.anyOf : requirement.allOf;
}
