/**
 * How long the platform says to wait, from its usage headers: `x-business-use-case-usage`
 * (`{ "<business id>": [{ type, call_count, …, estimated_time_to_regain_access }] }`, minutes),
 * `x-app-usage` (`{ call_count, …, estimated_time_to_regain_access? }`, minutes) and
 * `x-ad-account-usage` (`{ acc_id_util_pct, reset_time_duration }`, seconds). The longest wait any
 * of them names, in seconds; null when none names one.
 */

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function minutesToRegain(entry: unknown): number | null {
  return isObject(entry) ? positive(entry.estimated_time_to_regain_access) : null;
}

export function retryAfterSecondsOf(headers: Headers): number | null {
  const waits: number[] = [];
  const business = parsed(headers.get('x-business-use-case-usage'));
  if (isObject(business)) {
    for (const entries of Object.values(business)) {
      for (const entry of Array.isArray(entries) ? entries : []) {
        const minutes = minutesToRegain(entry);
        if (minutes !== null) waits.push(minutes * 60);
      }
    }
  }
  const app = minutesToRegain(parsed(headers.get('x-app-usage')));
  if (app !== null) waits.push(app * 60);
  const adAccount = parsed(headers.get('x-ad-account-usage'));
  const reset = isObject(adAccount) ? positive(adAccount.reset_time_duration) : null;
  if (reset !== null) waits.push(reset);
  return waits.length > 0 ? Math.ceil(Math.max(...waits)) : null;
}

function percent(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The percentages of one usage entry: calls, CPU time and total time (`x-app-usage`, a business use case). */
function entryPercents(entry: unknown): number[] {
  if (!isObject(entry)) return [];
  return [entry.call_count, entry.total_cputime, entry.total_time].flatMap((value) => percent(value) ?? []);
}

/**
 * How near the limit the platform says we are: the highest percentage any usage header holds
 * (`call_count`, `total_cputime`, `total_time` of `x-app-usage` and of each business use case in
 * `x-business-use-case-usage`; `acc_id_util_pct` of `x-ad-account-usage`); null when none says.
 */
export function usagePercentOf(headers: Headers): number | null {
  const percents: number[] = [];
  const business = parsed(headers.get('x-business-use-case-usage'));
  if (isObject(business)) {
    for (const entries of Object.values(business))
      for (const entry of Array.isArray(entries) ? entries : []) percents.push(...entryPercents(entry));
  }
  percents.push(...entryPercents(parsed(headers.get('x-app-usage'))));
  const adAccount = parsed(headers.get('x-ad-account-usage'));
  const accountPercent = isObject(adAccount) ? percent(adAccount.acc_id_util_pct) : null;
  if (accountPercent !== null) percents.push(accountPercent);
  return percents.length > 0 ? Math.max(...percents) : null;
}
