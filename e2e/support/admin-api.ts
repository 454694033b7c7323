import { request } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/** The fields of GET users/{id}/info these tests look at. */
export interface UserInfo {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly tg_user_id: number | null;
}

/**
 * Creates a user through the admin API (POST users) as the seeded superadmin, outside any page:
 * its own request context signs in (the XSRF cookie echoed in the header, as the app does) and
 * sends the bearer token. Throws with the server's answer unless it is 201.
 */
export async function createUser(baseURL: string, body: Readonly<Record<string, unknown>>): Promise<UserInfo> {
  const api = await request.newContext({ baseURL });
  try {
    await api.get('/api/health');
    const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await api.post('/api/auth/auth/login', {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    if (login.status() !== 200) throw new Error(`admin sign-in answered ${login.status()}: ${await login.text()}`);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const created = await api.post('/api/auth/users', { data: body, headers: { Authorization: `Bearer ${token}` } });
    if (created.status() !== 201) throw new Error(`POST users answered ${created.status()}: ${await created.text()}`);
    return ((await created.json()) as { data: UserInfo }).data;
  } finally {
    await api.dispose();
  }
}
