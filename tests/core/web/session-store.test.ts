import { describe, expect, it } from 'vitest';
import { SessionStore, type SessionUser } from '@core/web/services/session-store';

const user: SessionUser = {
  id: 1,
  username: 'ann',
  email: 'ann@example.com',
  status: 'active',
  roles: [],
  permissions: ['FW'],
};

describe('SessionStore', () => {
  it('reads a stored user object', () => {
    localStorage.clear();
    localStorage.setItem('userData', JSON.stringify(user));
    localStorage.setItem('authToken', 't1');
    const session = new SessionStore(localStorage);
    expect(session.user).toEqual(user);
    expect(session.token).toBe('t1');
    expect(session.isSignedIn).toBe(true);
  });

  it.each(['"text"', '42', 'null', '[1,2]', '{broken'])('treats stored %s as signed out', (raw) => {
    localStorage.clear();
    localStorage.setItem('userData', raw);
    expect(new SessionStore(localStorage).isSignedIn).toBe(false);
  });

  it('remembers a route except / and /login, and keeps it across clear()', () => {
    localStorage.clear();
    const session = new SessionStore(localStorage);
    session.signIn(user, 't');
    session.rememberRoute('/');
    session.rememberRoute('/login');
    expect(session.lastRoute).toBeNull();
    session.rememberRoute('/wallets?page=2');
    session.clear();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(session.takeLastRoute()).toBe('/wallets?page=2');
    expect(session.lastRoute).toBeNull();
  });
});
