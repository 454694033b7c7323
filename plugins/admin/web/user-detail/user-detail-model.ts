import { createContext, useContext, useEffect, useState } from 'react';
import type { ServiceIdentifier } from 'inversify';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { isAbort, useInjection } from '@core/sdk/web';
import type { UserInfo } from '../auth-types';
import type { UsersStore } from '../users/users-store';

export type UserDetailState = 'loading' | 'ready' | 'failed';

/**
 * One user's info (`GET users/{id}/info`) while their detail is open: the header and the admin's own
 * tabs share it, so an edit in one tab shows in the others. Page-scoped.
 */
export class UserDetailModel {
  user: UserInfo | null = null;
  state: UserDetailState = 'loading';
  private controller: AbortController | null = null;

  constructor(
    private readonly store: UsersStore,
    readonly userId: number,
  ) {
    makeObservable(this, { user: observableRef, state: observable, set: action });
  }

  async load(): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const user = await this.store.info(this.userId, controller.signal);
      if (!controller.signal.aborted) this.set(user);
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      runInAction(() => {
        if (!this.user) this.state = 'failed';
      });
    }
  }

  set(user: UserInfo): void {
    this.user = user;
    this.state = 'ready';
  }

  dispose(): void {
    this.controller?.abort();
  }
}

/** Makes one user's detail model: bound in the admin module, called once per visit of the page (or of a tab outside it). */
export type UserDetailModelFactory = (userId: number) => UserDetailModel;
export const UserDetailModelFactory: ServiceIdentifier<UserDetailModelFactory> =
  Symbol.for('admin.UserDetailModelFactory');

export const UserDetailContext = createContext<UserDetailModel | null>(null);

/** The detail's model for `userId`: the page's when inside it, else one of the tab's own. */
export function useUserDetail(userId: number): UserDetailModel {
  const shared = useContext(UserDetailContext);
  const detailOf = useInjection(UserDetailModelFactory);
  const [own] = useState(() => (shared && shared.userId === userId ? null : detailOf(userId)));
  useEffect(() => {
    if (!own) return undefined;
    void own.load();
    return () => own.dispose();
  }, [own]);
  return own ?? (shared as UserDetailModel);
}
