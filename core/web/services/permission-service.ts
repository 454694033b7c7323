import { inject, injectable } from 'inversify';
import { computed, makeObservable } from 'mobx';
import {
  AREA_FLAG_GROUPS,
  MESSENGER_CODE,
  satisfies,
  type AreaFlag,
  type PermissionCode,
  type PermissionRequirement,
} from '@core/shared/permissions';
import { SessionStore } from './session-store';

/**
 * The signed-in user's permission codes (from GET auth/user, kept on the stored user) and the
 * derived area flags of spec §6. The interface only hides; the server enforces.
 */
@injectable()
export class PermissionService {
  constructor(@inject(SessionStore) private readonly session: SessionStore) {
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

  get flags(): Readonly<Record<AreaFlag, boolean>> {
    const groups = Object.entries(AREA_FLAG_GROUPS) as [keyof typeof AREA_FLAG_GROUPS, readonly PermissionCode[]][];
    const flags = Object.fromEntries(groups.map(([flag, codes]) => [flag, this.any(codes)]));
    return { ...flags, messenger: this.has(MESSENGER_CODE) } as Record<AreaFlag, boolean>;
  }
}
