import { action, makeObservable, observable, type ObservableMap } from 'mobx';
import type { ReferenceTarget } from '@core/shared/resource/field';
import type { ReferenceApi, ReferenceOption } from './resource-api';

const keyOf = (target: ReferenceTarget, id: number): string => `${target.service}:${target.path}:${id}`;

/**
 * Labels of referenced records the page has seen (in list answers, picker searches) or looked up
 * (`references/<path>?ids=`), so chips and pickers can name a record by its id. Page-scoped.
 */
export class ReferenceLabels {
  readonly labels: ObservableMap<string, string> = observable.map();
  private readonly pending = new Set<string>();

  constructor(private readonly api: ReferenceApi) {
    makeObservable(this, { remember: action });
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
    try {
      this.remember(target, await this.api.labels(target, missing));
    } catch {
      // Only names are missing; the ids still say which records are meant.
    } finally {
      for (const id of missing) this.pending.delete(keyOf(target, id));
    }
  }

  search(target: ReferenceTarget, text: string, signal?: AbortSignal): Promise<readonly ReferenceOption[]> {
    return this.api.search(target, text, signal).then((options) => {
      this.remember(target, options);
      return options;
    });
  }
}
