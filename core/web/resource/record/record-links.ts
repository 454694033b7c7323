import { inject, injectable } from 'inversify';
import { USERS_REFERENCE } from '@core/shared/resource/core-references';
import { USERS_RESOURCE } from '@core/shared/resource/core-resources';
import { PluginHost } from '../../plugins/plugin-host';
import { recordPages, type RecordPageEntry } from '../../plugins/navigation';
import { ResourceCatalogueService } from './resource-catalogue';

/** The staff accounts' table, and the admin page that is their record page when the admin plugin runs. */
export const USERS_TABLE = USERS_REFERENCE.table;
const USER_PAGE = '/user/:id/*';

/**
 * Addresses of record pages, from the enabled plugins' manifests: a resource's records live under
 * its owner's list page (`/advertisers/7`); staff accounts under the admin plugin's `/user/7`.
 * Null where there is no such page, so a caller shows plain text instead of a dead link.
 */
@injectable()
export class RecordLinks {
  private readonly pages: ReadonlyMap<string, RecordPageEntry>;
  private readonly userPage: boolean;

  constructor(
    @inject(PluginHost) host: Pick<PluginHost, 'manifests'>,
    @inject(ResourceCatalogueService) private readonly catalogue: Pick<ResourceCatalogueService, 'byTable'>,
  ) {
    const manifests = host.manifests;
    this.pages = recordPages(manifests);
    this.userPage = manifests.some((manifest) => manifest.pages.some((page) => page.path === USER_PAGE));
  }

  /** The list page a resource's records live under. */
  listPath(resourceId: string): string | null {
    return this.pages.get(resourceId)?.listPath ?? null;
  }

  /**
   * A record's page: under its list page, but a staff account's is the user detail, so a Ctrl+K hit
   * on a user opens the page whose tabs other plugins fill.
   */
  recordPath(resourceId: string, id: number): string | null {
    if (resourceId === USERS_RESOURCE.id && this.userPage) return `/user/${id}`;
    const list = this.listPath(resourceId);
    return list === null ? null : `${list}/${id}`;
  }

  /** The page of a record a reference points at, by the target's table (a readable resource's, or a user's). */
  targetPath(table: string, id: number): string | null {
    if (table === USERS_TABLE) return this.userPage ? `/user/${id}` : null;
    const resource = this.catalogue.byTable(table);
    return resource ? this.recordPath(resource.id, id) : null;
  }
}
