import { addFieldError } from '@core/shared/field-errors';
import type { Queryable } from '../database/database';
import { validationError, type FieldErrors } from '../http/api-error';
import { EMAIL_OR_TELEGRAM_REQUIRED, OWN_MANAGER } from './account-resources';
import { unknownMembers, USER_ROLES } from './permissions-links';
import { ID_LIST, ID_PARAMS, optionalText } from './users-common';
import type { UserWrite } from './account-resources';
import type { NewUserColumns, UserColumns } from './users-store';
import { uniqueClash } from './users-unique';

/** The body of POST /users and PATCH /users/:id, as the schema lets it through. */
export interface UserBody {
  readonly username?: string;
  /** Absent: unchanged (none for a new user); null or blank: none, allowed when the user has a Telegram id. */
  readonly email?: string | null;
  readonly sub?: string | null;
  readonly tg_user_id?: number | null;
  readonly tg_login?: string | null;
  readonly roles?: readonly number[];
  readonly password?: string;
  readonly manager_id?: number | null;
  /** PATCH only: the version the caller saw; a different stored one is a 409. Absent: no check. */
  readonly version?: number;
}

export const INVALID_EMAIL = 'Invalid email. Please try again.';
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_EMAIL_LENGTH = 254;

const USER_PROPERTIES = {
  username: { type: 'string', minLength: 2, maxLength: 64 },
  email: { type: ['string', 'null'], maxLength: MAX_EMAIL_LENGTH },
  sub: { type: ['string', 'null'], maxLength: 64 },
  tg_user_id: { type: ['integer', 'null'], minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  tg_login: { type: ['string', 'null'], maxLength: 64 },
  roles: ID_LIST,
  password: { type: 'string', maxLength: 1024 },
  manager_id: { type: ['integer', 'null'], minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
} as const;

export const createUserSchema = {
  body: {
    type: 'object',
    required: ['username', 'password', 'roles'],
    additionalProperties: false,
    properties: USER_PROPERTIES,
  },
} as const;

export const updateUserSchema = {
  params: ID_PARAMS,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { ...USER_PROPERTIES, version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  },
} as const;

// Deliberately loose: one @, no spaces, a dot in the domain. Deliverability is the mail server's call.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(value);
}

interface Normalized {
  readonly columns: UserColumns;
  /** Undefined: keep the current password. */
  readonly password: string | undefined;
  readonly roles: readonly number[] | undefined;
}

function normalize(body: UserBody): Normalized {
  const sub = optionalText(body.sub);
  const password = body.password?.trim() === '' ? undefined : body.password;
  return {
    columns: {
      username: body.username?.trim(),
      email: optionalText(body.email),
      sub: sub ? sub.toUpperCase() : sub,
      tg_user_id: body.tg_user_id,
      tg_login: optionalText(body.tg_login),
      manager_id: body.manager_id,
    },
    password,
    roles: body.roles,
  };
}

function shapeErrors(input: Normalized, errors: FieldErrors): void {
  const { username, email } = input.columns;
  if (username !== undefined && username.length < 2)
    addFieldError(errors, 'username', 'The username must be at least 2 characters.');
  if (typeof email === 'string' && !isEmail(email)) addFieldError(errors, 'email', INVALID_EMAIL);
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    addFieldError(errors, 'password', `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

async function storedErrors(
  db: Queryable,
  input: Normalized,
  userId: number | null,
  errors: FieldErrors,
): Promise<void> {
  const { username, email, tg_user_id: tgUserId, manager_id: managerId } = input.columns;
  const clashes = await Promise.all([
    username && !errors.username ? uniqueClash(db, 'username', username, userId) : null,
    email && !errors.email ? uniqueClash(db, 'email', email, userId) : null,
    tgUserId ? uniqueClash(db, 'tg_user_id', tgUserId, userId) : null,
  ]);
  for (const clash of clashes) if (clash) addFieldError(errors, clash.field, clash.message);
  if (input.roles && (await unknownMembers(db, USER_ROLES, input.roles)).length > 0) {
    addFieldError(errors, 'roles', 'The selected roles are invalid.');
  }
  if (managerId !== undefined && managerId !== null) {
    if (managerId === userId) addFieldError(errors, 'manager_id', OWN_MANAGER);
    else if (!(await activeUserExists(db, managerId)))
      addFieldError(errors, 'manager_id', 'The selected manager is invalid.');
  }
}

interface SignInWays {
  readonly email: string | null;
  readonly tg_user_id: number | null;
}

async function storedSignInWays(db: Queryable, id: number): Promise<SignInWays> {
  const { rows } = await db.query<{ email: string | null; tg_user_id: string | number | null }>(
    'SELECT email, tg_user_id FROM core.users WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return { email: row?.email ?? null, tg_user_id: row?.tg_user_id == null ? null : Number(row.tg_user_id) };
}

/**
 * A user's e-mail may be null; such a user signs in through the messenger bot, so they
 * must have a Telegram id (and are then held on EnterEmail until they give an e-mail).
 * Judged on the user as the write would leave them: a change touching neither field keeps what is
 * stored, so an unrelated edit is never refused for it.
 */
async function signInErrors(
  db: Queryable,
  input: Normalized,
  userId: number | null,
  errors: FieldErrors,
): Promise<void> {
  const { email, tg_user_id: tgUserId } = input.columns;
  if (typeof email === 'string') return;
  if (userId !== null && email === undefined && tgUserId === undefined) return;
  const stored: SignInWays = userId === null ? { email: null, tg_user_id: null } : await storedSignInWays(db, userId);
  const after: SignInWays = {
    email: email === undefined ? stored.email : email,
    tg_user_id: tgUserId === undefined ? stored.tg_user_id : tgUserId,
  };
  if (after.email === null && after.tg_user_id === null) addFieldError(errors, 'email', EMAIL_OR_TELEGRAM_REQUIRED);
}

async function activeUserExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM core.users WHERE id = $1 AND deleted_at IS NULL', [id]);
  return rows.length > 0;
}

export interface UserInput<Columns extends UserColumns> {
  readonly columns: Columns;
  /** What the write carries besides the fields: the password (hashed by the users' hooks) and the roles. */
  readonly write: UserWrite;
}

/**
 * Checks every rule and reports every failing field at once (422). The password is hashed by the
 * write itself: argon2 is slow on purpose, so it runs only for a body that will be written.
 */
async function readUserBody(db: Queryable, body: UserBody, userId: number | null): Promise<UserInput<UserColumns>> {
  const input = normalize(body);
  const errors: FieldErrors = {};
  if (userId === null && input.password === undefined)
    addFieldError(errors, 'password', 'The password field is required.');
  shapeErrors(input, errors);
  await signInErrors(db, input, userId, errors);
  await storedErrors(db, input, userId, errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return {
    columns: input.columns,
    write: {
      ...(input.password === undefined ? {} : { password: input.password }),
      ...(input.roles === undefined ? {} : { roles: input.roles }),
    },
  };
}

export async function readNewUser(db: Queryable, body: UserBody): Promise<UserInput<NewUserColumns>> {
  const { columns, write } = await readUserBody(db, body, null);
  const { username } = columns;
  // The schema requires these and readUserBody refuses a blank password, so this only narrows the type.
  if (username === undefined || write.password === undefined) throw new Error('new user lacks a required field');
  return { columns: { ...columns, username, email: columns.email ?? null }, write };
}

export function readUserChanges(db: Queryable, userId: number, body: UserBody): Promise<UserInput<UserColumns>> {
  return readUserBody(db, body, userId);
}
