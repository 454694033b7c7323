import { createHash } from 'node:crypto';

/*
 * Customer information in a Conversions API event, normalised and hashed as Meta requires
 * (Customer information parameters): an e-mail trimmed and lower-cased, a phone number as its
 * digits only (with the country code, no symbols or leading zeros a person types before it), each
 * then SHA-256 and written as lower-case hex. The platform matches the hashes; it never sees the values.
 */

/** An e-mail as the platform hashes it: surrounding spaces gone, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A phone number as the platform hashes it: digits only (`+1 (415) 555-0123` → `14155550123`). */
export function normalisePhone(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** SHA-256 of the UTF-8 text, as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The `user_data` of a server event: `em` and `ph` as arrays of hashes, as the API takes them. */
export interface HashedUserData {
  readonly em: readonly string[];
  readonly ph: readonly string[];
}

export function hashedUserData(person: { readonly email: string; readonly phone: string }): HashedUserData {
  return { em: [sha256Hex(normaliseEmail(person.email))], ph: [sha256Hex(normalisePhone(person.phone))] };
}
