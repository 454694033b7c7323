/** Permission codes and the requirements pages, sidebar entries and server routes state with them. */
export type PermissionCode = string;

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
