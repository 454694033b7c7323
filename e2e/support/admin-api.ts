import { Api } from './api';

/** The fields of GET users/{id}/info these tests look at. */
export interface UserInfo {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly tg_user_id: number | null;
}

/** Creates a user through the admin API (POST users) as the seeded superadmin; throws unless it is 201. */
export async function createUser(baseURL: string, body: Readonly<Record<string, unknown>>): Promise<UserInfo> {
  const admin = await Api.signIn(baseURL);
  try {
    return await admin.create<UserInfo>('/api/auth/users', body);
  } finally {
    await admin.dispose();
  }
}
