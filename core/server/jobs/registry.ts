import type { PermissionRequirement } from '@core/shared/permissions';
import { scheduleEntry, type ScheduleEntry } from './schedules';
import type { JobBackoff, JobContext, JobDefinition, JobInfo, JobLabel, JobRun, ScheduleDefinition } from './types';

/** `<plugin>.<name>`: the plugin id, a dot, then lower-case letters, digits, dashes and dots. */
export const JOB_KIND = /^[a-z][a-z0-9-]{1,31}\.[a-z0-9][a-z0-9.-]{0,62}$/;

export const DEFAULT_TIMEOUT_MS = 5 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_BACKOFF: Required<JobBackoff> = { initialMs: 1000, factor: 2, maxMs: 5 * 60_000 };
/** The longest timeout a kind may set (a day): a longer job belongs in steps with checkpoints. */
const MAX_TIMEOUT_MS = 24 * 60 * 60_000;

/** A defined kind with its defaults filled in. */
export interface KindEntry {
  readonly kind: string;
  readonly requires: PermissionRequirement;
  readonly timeoutMs: number;
  readonly maxAttempts: number;
  readonly backoff: Required<JobBackoff>;
  readonly label: JobLabel | null;
  run(job: JobRun, context: JobContext<unknown>): unknown;
  link(job: JobRun, result: unknown): string | null;
}

function checkedLabel(label: JobLabel | undefined, what: string): JobLabel | null {
  if (label === undefined) return null;
  const fine = (text: unknown): boolean => typeof text === 'string' && text.trim() !== '' && text.length <= 100;
  if (!fine(label.en) || !fine(label.ru))
    throw new Error(`${what}: a label needs en and ru texts of 1 to 100 characters.`);
  return { en: label.en, ru: label.ru };
}

function positiveInteger(value: number, what: string, kind: string, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`Job kind "${kind}": ${what} must be an integer from 1 to ${max}.`);
  return value;
}

/** The kinds this server runs, defined by the plugins while they register. */
export class JobRegistry {
  private readonly kinds = new Map<string, KindEntry>();
  private readonly scheduled = new Map<string, ScheduleEntry>();
  private readonly listeners: (() => void)[] = [];

  define(definition: JobDefinition<never, unknown>, plugin?: string): KindEntry {
    const { kind } = definition;
    if (!JOB_KIND.test(kind)) throw new Error(`Job kind "${kind}" must be "<plugin>.<name>" in lower case.`);
    if (plugin !== undefined && !kind.startsWith(`${plugin}.`))
      throw new Error(`Plugin "${plugin}" may define only job kinds "${plugin}.<name>", not "${kind}".`);
    if (this.kinds.has(kind)) throw new Error(`Job kind "${kind}" is defined twice.`);
    const backoff = { ...DEFAULT_BACKOFF, ...definition.backoff };
    if (!(backoff.initialMs >= 0 && backoff.factor >= 1 && backoff.maxMs >= backoff.initialMs)) {
      throw new Error(`Job kind "${kind}": backoff needs initialMs ≥ 0, factor ≥ 1 and maxMs ≥ initialMs.`);
    }
    const entry: KindEntry = {
      kind,
      requires: definition.requires,
      timeoutMs: positiveInteger(definition.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs', kind, MAX_TIMEOUT_MS),
      maxAttempts: positiveInteger(definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, 'maxAttempts', kind, 100),
      backoff,
      label: checkedLabel(definition.label, `Job kind "${kind}"`),
      run: definition.run as KindEntry['run'],
      link: (job, result) => {
        const path = definition.link?.(job, result as never) ?? null;
        // A link is an app path, never another site: a notification opens it in the app.
        return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
      },
    };
    this.kinds.set(kind, entry);
    for (const listener of this.listeners) listener();
    return entry;
  }

  /** Declares a recurring job of a kind defined here (by `plugin`, when given). */
  schedule(definition: ScheduleDefinition<unknown>, plugin?: string): ScheduleEntry {
    const { id } = definition;
    if (typeof id !== 'string' || !JOB_KIND.test(id))
      throw new Error(`Schedule "${String(id)}" must be "<plugin>.<name>" in lower case.`);
    if (plugin !== undefined && !id.startsWith(`${plugin}.`))
      throw new Error(`Plugin "${plugin}" may declare only schedules "${plugin}.<name>", not "${id}".`);
    const kind = typeof definition.kind === 'string' ? definition.kind : definition.kind?.kind;
    const entry = typeof kind === 'string' ? this.kinds.get(kind) : undefined;
    if (!entry || (plugin !== undefined && !entry.kind.startsWith(`${plugin}.`))) {
      throw new Error(
        `Schedule "${id}" runs kind "${String(kind)}", which is not a kind ${plugin === undefined ? 'defined' : `plugin "${plugin}" defined`} before it.`,
      );
    }
    const schedule = scheduleEntry(
      definition,
      entry.kind,
      checkedLabel(definition.label, `Schedule "${id}"`) ?? entry.label,
    );
    if (this.scheduled.has(schedule.id)) throw new Error(`Schedule "${schedule.id}" is declared twice.`);
    this.scheduled.set(schedule.id, schedule);
    for (const listener of this.listeners) listener();
    return schedule;
  }

  /** Every schedule declared here. */
  schedules(): ScheduleEntry[] {
    return [...this.scheduled.values()];
  }

  getSchedule(id: string): ScheduleEntry | undefined {
    return this.scheduled.get(id);
  }

  /** The job with its kind's label in `language` (English but for Russian). */
  labelled(job: JobInfo, language: string): JobInfo {
    const label = this.kinds.get(job.kind)?.label;
    return label ? { ...job, label: language === 'ru' ? label.ru : label.en } : job;
  }

  get(kind: string): KindEntry | undefined {
    return this.kinds.get(kind);
  }

  /** Every defined kind. */
  names(): string[] {
    return [...this.kinds.keys()];
  }

  entries(): KindEntry[] {
    return [...this.kinds.values()];
  }

  /** Told whenever a kind is defined or a schedule declared (the runner starts polling once there is one). */
  onDefine(listener: () => void): void {
    this.listeners.push(listener);
  }
}

/** The wait before attempt `attempt + 1`, after attempt `attempt` failed: exponential, capped, with up to 20 % jitter. */
export function backoffDelay(
  backoff: Required<JobBackoff>,
  attempt: number,
  random: () => number = Math.random,
): number {
  const base = Math.min(backoff.maxMs, backoff.initialMs * backoff.factor ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}
