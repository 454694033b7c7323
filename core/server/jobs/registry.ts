import type { PermissionRequirement } from '@core/shared/permissions';
import type { JobBackoff, JobContext, JobDefinition, JobRun } from './types';

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
  run(job: JobRun, context: JobContext<unknown>): unknown;
}

function positiveInteger(value: number, what: string, kind: string, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`Job kind "${kind}": ${what} must be an integer from 1 to ${max}.`);
  return value;
}

/** The kinds this server runs, defined by the plugins while they register. */
export class JobRegistry {
  private readonly kinds = new Map<string, KindEntry>();
  private readonly listeners: (() => void)[] = [];

  define(definition: JobDefinition<never, unknown>, plugin?: string): KindEntry {
    const { kind } = definition;
    if (!JOB_KIND.test(kind)) throw new Error(`Job kind "${kind}" must be "<plugin>.<name>" in lower case.`);
    if (plugin !== undefined && !kind.startsWith(`${plugin}.`)) throw new Error(`Plugin "${plugin}" may define only job kinds "${plugin}.<name>", not "${kind}".`);
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
      run: definition.run as KindEntry['run'],
    };
    this.kinds.set(kind, entry);
    for (const listener of this.listeners) listener();
    return entry;
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

  /** Told whenever a kind is defined (the runner starts polling once there is one). */
  onDefine(listener: () => void): void {
    this.listeners.push(listener);
  }
}

/** The wait before attempt `attempt + 1`, after attempt `attempt` failed: exponential, capped, with up to 20 % jitter. */
export function backoffDelay(backoff: Required<JobBackoff>, attempt: number, random: () => number = Math.random): number {
  const base = Math.min(backoff.maxMs, backoff.initialMs * backoff.factor ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}
