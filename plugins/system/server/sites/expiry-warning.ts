/**
 * How many days before a critical site's domain or server expires it shows on the dashboard:
 * `pluginSettings.system.expiryWarningDays` in the configuration, 14 when not set.
 */
export const DEFAULT_EXPIRY_WARNING_DAYS = 14;
/** A year: a longer warning is a typo, not a policy. */
export const MAX_EXPIRY_WARNING_DAYS = 366;

/** The configured warning period; a value of another type or out of range stops start-up with one line naming it. */
export function readExpiryWarningDays(settings: Readonly<Record<string, unknown>>): number {
  const configured = settings.expiryWarningDays;
  if (configured === undefined) return DEFAULT_EXPIRY_WARNING_DAYS;
  if (
    typeof configured !== 'number' ||
    !Number.isInteger(configured) ||
    configured < 1 ||
    configured > MAX_EXPIRY_WARNING_DAYS
  ) {
    throw new Error(
      `pluginSettings.system.expiryWarningDays must be a whole number of days from 1 to ${MAX_EXPIRY_WARNING_DAYS}.`,
    );
  }
  return configured;
}
