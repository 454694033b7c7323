import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { SessionUser } from '@core/shared/session-user';
import { BrowserStorage } from '../kernel/environment';
import { readStoredUser, rememberRoute } from './stored-session';
import { STORAGE_KEYS } from './storage-keys';

export type { SessionUser };

/** The signed-in user, the access token and the route to return to, mirrored in local storage. */
@injectable()
export class SessionStore {
  user: SessionUser | null;
  token: string | null;
  private readonly storage: Storage;

  constructor(@inject(BrowserStorage) storage: Storage) {
    this.storage = storage;
    this.user = readStoredUser(storage);
    this.token = storage.getItem(STORAGE_KEYS.authToken);
    makeObservable<SessionStore, 'storage'>(this, {
      user: observableRef,
      token: observable,
      storage: false,
      isSignedIn: computed,
      signIn: action,
      setUser: action,
      setToken: action,
      clear: action,
    });
  }

  get isSignedIn(): boolean {
    return this.user !== null;
  }

  get lastRoute(): string | null {
    return this.storage.getItem(STORAGE_KEYS.lastRoute);
  }

  signIn(user: SessionUser, token: string): void {
    this.setUser(user);
    this.setToken(token);
  }

  setUser(user: SessionUser): void {
    this.user = user;
    this.storage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
  }

  setToken(token: string): void {
    this.token = token;
    this.storage.setItem(STORAGE_KEYS.authToken, token);
  }

  /** The token in local storage, which every tab of the origin shares: another tab's refresh shows here first. */
  storedToken(): string | null {
    return this.storage.getItem(STORAGE_KEYS.authToken);
  }

  /** Forgets the user and token; the last route is kept so sign-in can return there. */
  clear(): void {
    this.user = null;
    this.token = null;
    this.storage.removeItem(STORAGE_KEYS.userData);
    this.storage.removeItem(STORAGE_KEYS.authToken);
  }

  rememberRoute(path: string): void {
    rememberRoute(this.storage, path);
  }

  /** Returns and forgets the remembered route. */
  takeLastRoute(): string | null {
    const route = this.lastRoute;
    this.storage.removeItem(STORAGE_KEYS.lastRoute);
    return route;
  }
}
