import { inject, injectable } from 'inversify';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { DataEnvelope } from '@core/sdk/shared';
import { HttpClients, HttpError, type ReferenceOption, type StoreContribution } from '@core/sdk/web';
import type { PermissionItem, RoleItem, UserInfo, UserPayload } from '../auth-types';

export type RolesState = 'idle' | 'loading' | 'ready' | 'denied' | 'failed';

/**
 * The auth service's user calls the admin screens share: one user's info, the user form's writes,
 * the roles a form offers, additional permissions. Roles are kept for the session (reset on
 * sign-out); everything else is read when a screen asks.
 */
@injectable()
export class UsersStore implements StoreContribution {
  roles: readonly RoleItem[] = [];
  rolesState: RolesState = 'idle';

  constructor(@inject(HttpClients) private readonly http: HttpClients) {
    makeObservable(this, { roles: observableRef, rolesState: observable, reset: action });
  }

  private get auth() {
    return this.http.get('auth');
  }

  /** `GET roles` (JQ or JT); a user without those codes is `denied` and keeps roles as they are. */
  async loadRoles(force = false): Promise<void> {
    if (!force && (this.rolesState === 'ready' || this.rolesState === 'loading')) return;
    runInAction(() => {
      this.rolesState = 'loading';
    });
    try {
      const answer = await this.auth.get<DataEnvelope<readonly RoleItem[]>>('roles', { silent: true });
      runInAction(() => {
        this.roles = answer.data;
        this.rolesState = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.rolesState = error instanceof HttpError && error.status === 403 ? 'denied' : 'failed';
      });
    }
  }

  async info(id: number, signal?: AbortSignal): Promise<UserInfo> {
    return (await this.auth.get<DataEnvelope<UserInfo>>(`users/${id}/info`, { silent: true, signal })).data;
  }

  /** `POST users`; rejects with the HttpError (422 field messages) for the form. */
  async create(payload: UserPayload): Promise<UserInfo> {
    return (await this.auth.post<DataEnvelope<UserInfo>>('users', payload, { silent: true })).data;
  }

  async update(id: number, payload: UserPayload): Promise<UserInfo> {
    return (await this.auth.patch<DataEnvelope<UserInfo>>(`users/${id}`, payload, { silent: true })).data;
  }

  /** `PUT users/{id}/permissions`: the user's additional permission ids (JQ or JT). */
  async setPermissions(id: number, permissionIds: readonly number[]): Promise<UserInfo> {
    return (
      await this.auth.put<DataEnvelope<UserInfo>>(
        `users/${id}/permissions`,
        { permissions: permissionIds },
        { silent: true },
      )
    ).data;
  }

  /** `GET permissions`: the catalogue (JQ or JT). */
  async permissions(): Promise<readonly PermissionItem[]> {
    return (await this.auth.get<DataEnvelope<readonly PermissionItem[]>>('permissions', { silent: true })).data;
  }

  /** `GET references/users`: `{id, label}` of active users for pickers. */
  async userOptions(text: string): Promise<readonly ReferenceOption[]> {
    return (
      await this.auth.get<DataEnvelope<readonly ReferenceOption[]>>('references/users', {
        query: text ? { q: text } : {},
        silent: true,
      })
    ).data;
  }

  reset(): void {
    this.roles = [];
    this.rolesState = 'idle';
  }
}
