import { action, makeObservable, observable, type ObservableMap } from 'mobx';
import type { ReferenceTarget } from '@core/shared/resource/field';
import type { StoreContribution } from '../kernel/contributions';
import type { ReferenceApi, ReferenceOption } from './resource-api';

const keyOf = (target: ReferenceTarget, id: number): string => `${target.service}:${target.path}:${id}`;

/**
 * Labels of referenced records the app has seen (in list answers, picker searches) or looked up
 * (`references/<path>?ids=`), so chips and pickers can name a record by its id. The kernel binds
 * one per app (`useReferenceLabels`), so a label one screen fetched is not fetched again by the
 * next; a search remembers the labels it answers with, so a renamed record shows its new name
 * once it is searched. Forgotten on sign-out: the next user may not see the same records.
 */
export class ReferenceLabels implements StoreContribution {
  readonly labels: ObservableMap<string, string> = observable.map();
  private readonly pending = new Set<string>();
  /** Counts sign-outs, so an answer asked for by the previous user is not kept for the next. */
  private generation = 0;

  constructor(private readonly api: ReferenceApi) {
    makeObservable(this, { remember: action, reset: action });
  }

  reset(): void {
    this.generation += 1;
    this.labels.clear();
    this.pending.clear();
  }

  label(target: ReferenceTarget, id: number): string | undefined {
    return this.labels.get(keyOf(target, id));
  }

  remember(target: ReferenceTarget, options: readonly ReferenceOption[]): void {
    for (const option of options) this.labels.set(keyOf(target, option.id), option.label);
  }

  /** Looks up the labels not known yet; failures leave the ids shown as numbers. */
  async ensure(target: ReferenceTarget, ids: readonly number[]): Promise<void> {
    const missing = ids.filter((id) => !this.labels.has(keyOf(target, id)) && !this.pending.has(keyOf(target, id)));
    if (missing.length === 0) return;
    for (const id of missing) this.pending.add(keyOf(target, id));
    const generation = this.generation;
    try {
      const options = await this.api.labels(target, missing);
      if (generation === this.generation) this.remember(target, options);
    } catch {
      // Only names are missing; the ids still say which records are meant.
    } finally {
      if (generation === this.generation) for (const id of missing) this.pending.delete(keyOf(target, id));
    }
  }

  search(target: ReferenceTarget, text: string, signal?: AbortSignal): Promise<readonly ReferenceOption[]> {
    const generation = this.generation;
    return this.api.search(target, text, signal).then((options) => {
      if (generation === this.generation) this.remember(target, options);
      return options;
    });
  }
}
