import { makeObservable, observable, observableRef, runInAction } from 'mobx';
import { MAX_SAVED_VIEWS, type SavedListView } from '@core/shared/preferences';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import { decodeListView, encodeListView, type ListScope, type ListView } from '../list-view';
import type { PreferencesService } from '../../services/preferences-service';

/** Names are told apart without case, as the server does: "Paid" and "paid" are one view. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** What a saved view keeps of the list: its URL parameters without the page (filters, scopes, sort, per page). */
export function savedParams(definition: ResourceDefinition, view: ListView): Record<string, string> {
  const params = encodeListView(definition, view);
  delete params.page;
  return params;
}

export interface OpenedView {
  readonly view: ListView;
  /** The visible columns in order (those the resource still has), or null for the defaults. */
  readonly columns: readonly string[] | null;
  /** Fields and columns the view names that the list no longer has; it opens without them. */
  readonly missing: readonly string[];
}

const FILTER_FIELD = /^filter\[([^\]]+)\]/;

/** A saved view as the list is now: whatever it names that the list lost is left out and listed. */
export function openSavedView(
  definition: ResourceDefinition,
  saved: SavedListView,
  scopes: readonly ListScope[],
  columnNames: readonly string[],
): OpenedView {
  const decoded = decodeListView(definition, saved.params, scopes);
  const missing = new Set<string>();
  for (const key of decoded.dropped) {
    const sorted = saved.params.sort;
    missing.add(FILTER_FIELD.exec(key)?.[1] ?? (key === 'sort' && sorted ? sorted.replace(/^-/, '') : key));
  }
  const columns = saved.columns?.filter((name) => columnNames.includes(name)) ?? null;
  for (const name of saved.columns ?? []) if (!columnNames.includes(name)) missing.add(name);
  return { view: { ...decoded.view, query: { ...decoded.view.query, page: 1 } }, columns, missing: [...missing] };
}

/**
 * One list's saved views of the signed-in user, kept on the server under `list-views.<resource id>`
 * (so they follow the user to another browser). Read once, when first wanted; every change writes
 * the whole list and shows it only once the server took it.
 */
export class SavedViews {
  views: readonly SavedListView[] = [];
  loaded = false;

  private readonly key: `list-views.${string}`;

  constructor(
    private readonly preferences: Pick<PreferencesService, 'get' | 'set'>,
    resourceId: string,
  ) {
    // The preference key of the resource (listViewsKey), typed so the value reads as views.
    this.key = `list-views.${resourceId}`;
    makeObservable(this, { views: observableRef, loaded: observable });
  }

  async load(): Promise<void> {
    const stored = await this.preferences.get(this.key);
    runInAction(() => {
      this.views = stored?.views ?? [];
      this.loaded = true;
    });
  }

  named(name: string): SavedListView | undefined {
    return this.views.find((view) => sameName(view.name, name));
  }

  /** Room for one more view (a view replacing one of the same name always has room). */
  get full(): boolean {
    return this.views.length >= MAX_SAVED_VIEWS;
  }

  /** Saves `view`, replacing the one of the same name where it stood. */
  save(view: SavedListView): Promise<void> {
    const index = this.views.findIndex((candidate) => sameName(candidate.name, view.name));
    return this.keep(
      index < 0 ? [...this.views, view] : this.views.map((candidate, at) => (at === index ? view : candidate)),
    );
  }

  remove(name: string): Promise<void> {
    return this.keep(this.views.filter((view) => !sameName(view.name, name)));
  }

  private async keep(views: readonly SavedListView[]): Promise<void> {
    await this.preferences.set(this.key, { views });
    runInAction(() => {
      this.views = views;
    });
  }
}
