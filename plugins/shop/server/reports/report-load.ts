import { addFieldError, formatMessage, type FieldErrors, type FieldValue } from '@core/sdk/shared';
import {
  ApiError,
  readValues,
  translated,
  validationError,
  type Actor,
  type ServerPluginContext,
} from '@core/sdk/server';
import { lineErrorKey, type LinePlace, type ReportLoadAnswer } from '../../shared/reports';
import { reportsResource } from '../../shared/resources';
import { lockReportIdentity, reportHolding } from './report-identity';
import { NOTHING_WRITTEN } from './report-messages';

/*
 * The one way rows reach the reports, for the CSV import and the JSON route alike: every entry is
 * checked as the resource's create form (readValues, the engine's own rules), then all are
 * written in one transaction through the engine (createIn / changeIn: versioned, audited, hooks
 * run), or none is. An entry whose ads account and report date a live row holds updates that row
 * (only the fields the entry sent: a column left out keeps its value, a blank secret its data);
 * any other entry creates one. Loads queue behind one lock, so two never interleave.
 */

export interface ReportEntry {
  /** Where the entry came from (a file line, a JSON row); its problems are keyed by it. */
  readonly place: Omit<LinePlace, 'column'>;
  /** The entry as the resource's JSON body. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Problems found while reading it (a name no record has), by field. */
  readonly problems?: FieldErrors;
}

interface CheckedEntry {
  readonly place: ReportEntry['place'];
  readonly account: string;
  readonly day: string;
  readonly values: Readonly<Record<string, FieldValue>>;
  readonly sent: Readonly<Record<string, FieldValue>>;
}

const LOAD_LOCK = `${reportsResource.id}:load`;

class Problems {
  readonly errors: FieldErrors = {};

  add(place: ReportEntry['place'], field: string | null, messages: readonly string[]): void {
    // `_` is the engine's key for the body as a whole.
    const key = lineErrorKey({ ...place, column: field === '_' ? null : field });
    for (const message of messages) addFieldError(this.errors, key, message);
  }

  /** An API refusal of one entry, field by field when it names fields. */
  addRefusal(place: ReportEntry['place'], error: ApiError): void {
    if (error.errors) for (const [field, messages] of Object.entries(error.errors)) this.add(place, field, messages);
    else this.add(place, null, [error.message]);
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

const refusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 422 || error.status === 409);

/** Each entry read as the resource's values; `repeated` names an entry that repeats an earlier one's ads account and day. */
function check(
  entries: readonly ReportEntry[],
  language: Actor['language'],
  repeated: (earlier: ReportEntry['place']) => string,
  problems: Problems,
): CheckedEntry[] {
  const checked: CheckedEntry[] = [];
  const seen = new Map<string, ReportEntry['place']>();
  for (const entry of entries) {
    for (const [field, messages] of Object.entries(entry.problems ?? {})) problems.add(entry.place, field, messages);
    // A line that could not be read as a whole (its cells do not match the header) has nothing more to check.
    if (entry.problems?._) continue;
    let values: Record<string, FieldValue>;
    try {
      values = readValues(reportsResource, entry.body, 'create', language);
    } catch (error) {
      if (!refusal(error)) throw error;
      problems.addRefusal(entry.place, error);
      continue;
    }
    const account = String(values.ads_account_id);
    const day = String(values.report_date);
    const identity = JSON.stringify([account, day]);
    const earlier = seen.get(identity);
    if (earlier) problems.add(entry.place, 'ads_account_id', [repeated(earlier)]);
    else seen.set(identity, entry.place);
    const sent = Object.fromEntries(Object.entries(values).filter(([name]) => Object.hasOwn(entry.body, name)));
    checked.push({ place: entry.place, account, day, values, sent });
  }
  return checked;
}

/** Writes every entry or none: a 422 naming each entry's problems (`line.7.spent_usd`, `rows.0.team`) otherwise. */
export async function loadReports(
  context: Pick<ServerPluginContext, 'db' | 'records'>,
  entries: readonly ReportEntry[],
  actor: Actor,
  repeated: (earlier: ReportEntry['place']) => string,
): Promise<ReportLoadAnswer> {
  const problems = new Problems();
  const checked = check(entries, actor.language, repeated, problems);
  if (problems.any) throw validationError(problems.errors, NOTHING_WRITTEN);
  return translated(reportsResource, actor.language, () =>
    context.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [LOAD_LOCK]);
      let created = 0;
      let updated = 0;
      for (const entry of checked) {
        try {
          await lockReportIdentity(tx, entry.account, entry.day);
          const held = await reportHolding(tx, entry.account, entry.day);
          if (held === null) {
            await context.records.createIn(tx, reportsResource, entry.values, actor);
            created++;
          } else {
            await context.records.changeIn(tx, reportsResource, held, { action: 'update', values: entry.sent }, actor);
            updated++;
          }
        } catch (error) {
          // A reference to no record, a rule of a hook: this entry's problem; the rest are still checked.
          if (!refusal(error)) throw error;
          problems.addRefusal(entry.place, error);
        }
      }
      // Thrown inside the transaction, so whatever was written is rolled back.
      if (problems.any) throw validationError(problems.errors, NOTHING_WRITTEN);
      return { created, updated };
    }),
  );
}

/** How the CSV import names an earlier line, and the JSON route an earlier row. */
export const repeatedLine = (template: string, name: 'line' | 'row') => (earlier: ReportEntry['place']) =>
  formatMessage(template, { [name]: earlier.at });
