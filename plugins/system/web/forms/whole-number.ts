/** A whole number typed into a field, within `min`..`max`; null for anything else (empty, decimals, out of range). */
export function wholeNumberIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}
