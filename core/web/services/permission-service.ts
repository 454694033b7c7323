import { inject, injectable } from 'inversify';
import { computed, makeObservable } from 'mobx';
import { areaFlagGroups } from '@core/shared/permission-catalogue';
import { satisfies, type PermissionCode, type PermissionRequirement } from '@core/shared/permissions';
import type { WebPlugin } from '../plugins/define-plugin';
import { EnabledPlugins } from '../plugins/enabled-plugins';
import { SessionStore } from './session-store';

/**
 * The signed-in user's permission codes (from GET auth/user, kept on the stored user) and the
 * area flags derived from them. The interface only hides; the server enforces.
 */
@injectable()
export class PermissionService {
  private readonly flagGroups: Readonly<Record<string, readonly PermissionCode[]>>;

  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(EnabledPlugins) plugins: readonly WebPlugin[],
  ) {
    this.flagGroups = areaFlagGroups(plugins.map((plugin) => plugin.manifest));
    makeObservable(this, { codes: computed, flags: computed });
  }

  get codes(): ReadonlySet<PermissionCode> {
    return new Set(this.session.user?.permissions ?? []);
  }

  has(code: PermissionCode): boolean {
    return this.codes.has(code);
  }

  any(codes: readonly PermissionCode[]): boolean {
    return codes.some((code) => this.codes.has(code));
  }

  all(codes: readonly PermissionCode[]): boolean {
    return codes.every((code) => this.codes.has(code));
  }

  allows(requirement: PermissionRequirement): boolean {
    return satisfies(this.codes, requirement);
  }

  /** Each area flag of the enabled plugins: true when the user holds any of its codes. */
  get flags(): Readonly<Record<string, boolean>> {
    return Object.fromEntries(Object.entries(this.flagGroups).map(([flag, codes]) => [flag, this.any(codes)]));
  }
}
