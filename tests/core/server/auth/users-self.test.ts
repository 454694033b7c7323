import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@core/shared/session-user';
import { signIn } from '../../../support/server/test-database';
import {
  addPerson,
  AUTH,
  clientWith,
  openDirectory,
  type Directory,
  type ErrorBody,
  type Person,
} from './support-directory';

let directory: Directory;
let erin: Person;

beforeAll(async () => {
  directory = await openDirectory();
  erin = await addPerson(directory.db, 'erin', ['TF']);
  await addPerson(directory.db, 'fred');
});

afterAll(async () => {
  await directory.close();
});

describe('POST /user/update', () => {
  it('changes the caller’s own e-mail with no code needed, answering the session user', async () => {
    const session = await signIn(directory.app, erin.email, erin.password);
    const response = await clientWith(directory.app, [], erin.id).post('/user/update', {
      email: ' erin.new@example.com ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json<{ data: SessionUser }>().data;
    expect(user).toEqual({ ...session.user, email: 'erin.new@example.com' });
    expect(user).toMatchObject({ id: erin.id, username: 'erin', status: 'active', roles: [], permissions: ['TF'] });
  });

  it('accepts the caller’s own address in another case', async () => {
    const { rows } = await directory.db.query<{ email: string }>('SELECT email FROM core.users WHERE id = $1', [
      erin.id,
    ]);
    const response = await clientWith(directory.app, [], erin.id).post('/user/update', {
      email: rows[0]?.email.toUpperCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    ['a malformed address', { email: 'not an email' }, ['Invalid email. Please try again.']],
    ['an empty address', { email: '' }, ['Invalid email. Please try again.']],
    ['another user’s address', { email: 'FRED@example.com' }, ['The email has already been taken.']],
    ['no address', {}, ['This field is required.']],
  ])('refuses %s with 422 on email', async (_label, body, messages) => {
    const response = await clientWith(directory.app, [], erin.id).post('/user/update', body);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ email: messages });
  });

  it('needs a signed-in caller', async () => {
    const response = await directory.app.inject({
      method: 'POST',
      url: `${AUTH}/user/update`,
      payload: { email: 'x@example.com' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a caller blocked since their token was issued', async () => {
    const blocked = await addPerson(directory.db, 'gina');
    await directory.db.query(`UPDATE core.users SET blocked_at = now() WHERE id = $1`, [blocked.id]);
    const response = await clientWith(directory.app, [], blocked.id).post('/user/update', {
      email: 'gina2@example.com',
    });
    expect(response.statusCode).toBe(401);
    const { rows } = await directory.db.query<{ email: string }>('SELECT email FROM core.users WHERE id = $1', [
      blocked.id,
    ]);
    expect(rows[0]?.email).toBe(blocked.email);
  });
});
