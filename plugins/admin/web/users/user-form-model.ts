import type { UserInfo, UserPayload } from '../auth-types';

/** The user form as the inputs hold it. */
export interface UserFormValues {
  readonly username: string;
  readonly email: string;
  readonly sub: string;
  /** Role ids. */
  readonly roles: readonly number[];
  readonly tg_user_id: string;
  readonly tg_login: string;
  readonly password: string;
  readonly manager_id: number | null;
}

export type UserFormMode = 'create' | 'update';

export type UserFormField = keyof UserFormValues;

/** What a field is missing or gets wrong, as an i18n key under `admin:userForm.errors`. */
export type UserFormIssue = 'required' | 'email' | 'tgUserId' | 'emailOrTelegram';

export const EMPTY_USER_FORM: UserFormValues = {
  username: '',
  email: '',
  sub: '',
  roles: [],
  tg_user_id: '',
  tg_login: '',
  password: '',
  manager_id: null,
};

export function userFormFromInfo(info: UserInfo): UserFormValues {
  return {
    username: info.username,
    email: info.email ?? '',
    sub: info.sub ?? '',
    roles: [...info.role_ids],
    tg_user_id: info.tg_user_id === null ? '' : String(info.tg_user_id),
    tg_login: info.tg_login ?? '',
    password: '',
    manager_id: info.manager_id,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WHOLE_NUMBER = /^[1-9][0-9]{0,15}$/;

/** Text with blank meaning "none". */
function optional(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * Problems the browser can see before sending, by field: the username, and on create the password,
 * are required; an e-mail must look like one; a user needs an e-mail or a messenger id to sign in.
 */
export function userFormIssues(
  values: UserFormValues,
  mode: UserFormMode,
): Partial<Record<UserFormField, UserFormIssue>> {
  const issues: Partial<Record<UserFormField, UserFormIssue>> = {};
  if (values.username.trim() === '') issues.username = 'required';
  if (mode === 'create' && values.password.trim() === '') issues.password = 'required';
  const email = values.email.trim();
  const tgUserId = values.tg_user_id.trim();
  if (email !== '' && !EMAIL.test(email)) issues.email = 'email';
  if (tgUserId !== '' && !WHOLE_NUMBER.test(tgUserId)) issues.tg_user_id = 'tgUserId';
  if (email === '' && tgUserId === '') issues.email = 'emailOrTelegram';
  return issues;
}

/** Whether an issue is a missing required value (the form then says 'Please fill in all required fields.'). */
export function missesRequired(issues: Partial<Record<UserFormField, UserFormIssue>>): boolean {
  return Object.values(issues).includes('required');
}

export interface PayloadOptions {
  /** False when the roles cannot be listed (no JQ/JT): an update then leaves the user's roles alone. */
  readonly rolesEditable: boolean;
}

/**
 * The body of `POST users` (create) or `PATCH users/{id}` (update), in the exact shape the spec's
 * Validation rules section gives:
 * - `sub` is sent upper-case on create;
 * - the password is sent on update only when it is non-empty after trimming (as typed: spaces
 *   inside a password are the user's choice), and always on create;
 * - roles go as a list of role ids; blank texts as null.
 */
export function userPayload(
  values: UserFormValues,
  mode: UserFormMode,
  options: PayloadOptions = { rolesEditable: true },
): UserPayload {
  const sub = optional(values.sub);
  const tgUserId = values.tg_user_id.trim();
  const payload: {
    -readonly [K in keyof UserPayload]: UserPayload[K];
  } = {
    username: values.username.trim(),
    email: optional(values.email),
    sub: mode === 'create' && sub !== null ? sub.toUpperCase() : sub,
    tg_user_id: tgUserId === '' ? null : Number(tgUserId),
    tg_login: optional(values.tg_login),
    manager_id: values.manager_id,
  };
  if (mode === 'create' || options.rolesEditable) payload.roles = [...values.roles];
  if (mode === 'create' || values.password.trim() !== '') payload.password = values.password;
  return payload;
}
