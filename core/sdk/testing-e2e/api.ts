import { request, type APIRequestContext } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/** What a call answered: the status and the parsed JSON body (null when there was none). */
export interface ApiAnswer<T = unknown> {
  readonly status: number;
  readonly body: T;
}

/**
 * The server's API as one signed-in user sees it, outside any page: its own request context signs
 * in (the XSRF cookie echoed, as the app does) and every call carries the bearer token. `call`
 * returns whatever the server answered; `expect…` helpers throw with the answer unless the status
 * is the one named, so a failing set-up says why.
 */
export class Api {
  private constructor(
    private readonly context: APIRequestContext,
    readonly token: string,
    readonly userId: number,
  ) {}

  static async signIn(baseURL: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<Api> {
    const context = await request.newContext({ baseURL });
    await context.get('/api/health');
    const xsrf = (await context.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await context.post('/api/auth/auth/login', {
      data: { email, password },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    if (login.status() !== 200) {
      await context.dispose();
      throw new Error(`sign-in of ${email} answered ${login.status()}: ${await login.text()}`);
    }
    const { token, user } = ((await login.json()) as { data: { token: string; user: { id: number } } }).data;
    return new Api(context, token, user.id);
  }

  async call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<ApiAnswer<T>> {
    const response = await this.context.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${this.token}` },
      ...(data === undefined ? {} : { data }),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status(), body: body as T };
  }

  /** The call's `data`, or an error naming the answer when the status is not `status`. */
  async expect<T = unknown>(
    status: number,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<T> {
    const answer = await this.call<{ data: T }>(method, path, data);
    if (answer.status !== status) {
      throw new Error(
        `${method} ${path} answered ${answer.status} (expected ${status}): ${JSON.stringify(answer.body)}`,
      );
    }
    return answer.body?.data as T;
  }

  get<T = unknown>(path: string): Promise<T> {
    return this.expect<T>(200, 'GET', path);
  }

  create<T = unknown>(path: string, data: unknown): Promise<T> {
    return this.expect<T>(201, 'POST', path, data);
  }

  dispose(): Promise<void> {
    return this.context.dispose();
  }
}

/** A record of the resource engine as the API returns it (the fields the specs look at). */
export interface ApiRecord {
  readonly id: number;
  readonly version: number;
  readonly [field: string]: unknown;
}

export interface RoleUser {
  readonly id: number;
  readonly email: string;
  readonly password: string;
}

/**
 * A role holding exactly `codes` and a user holding exactly that role, created through the admin
 * API (`GET permissions`, `POST roles/add`, `POST roles/{id}/assign-permissions`, `POST users`) by
 * `admin`. An empty `codes` gives a user with a role that holds nothing.
 */
export async function userWithCodes(admin: Api, name: string, codes: readonly string[]): Promise<RoleUser> {
  const permissions = await admin.get<{ id: number; name: string }[]>('/api/auth/permissions');
  const ids = codes.map((code) => {
    const permission = permissions.find((candidate) => candidate.name === code);
    if (!permission) throw new Error(`no permission named ${code}`);
    return permission.id;
  });
  const role = await admin.create<{ id: number }>('/api/auth/roles/add', { name: `role-${name}` });
  const held = await admin.expect<{ name: string }[]>(200, 'POST', `/api/auth/roles/${role.id}/assign-permissions`, {
    permissions: ids,
  });
  if (
    held
      .map((permission) => permission.name)
      .sort()
      .join() !== [...codes].sort().join()
  ) {
    throw new Error(
      `role-${name} holds ${held.map((permission) => permission.name).join()} instead of ${codes.join()}`,
    );
  }
  const email = `${name}@example.com`;
  const password = `${name}-password-1`;
  const user = await admin.create<{ id: number }>('/api/auth/users', {
    username: name,
    email,
    password,
    roles: [role.id],
  });
  return { id: user.id, email, password };
}
