import { createHash } from 'node:crypto';

/*
 * Customer information in a Conversions API event, normalised and hashed as Meta's customer
 * information parameters say
 * (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters):
 * `em` "Trim any leading and trailing spaces. Convert all characters to lowercase."; `ph` "Remove
 * symbols, letters, and any leading zeros. Phone numbers must include a country code to be used
 * for matching", their example `(650)555-1212` in the US becoming `16505551212`. Each is then
 * SHA-256, written as lower-case hex. The platform matches the hashes; it never sees the values.
 */

/** An e-mail as the platform hashes it: surrounding spaces gone, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A phone number as the platform hashes it: digits only, without leading zeros, so an
 * international prefix typed before the country code goes too (`+1 (415) 555-0123` →
 * `14155550123`, `00 44 20 7946 0958` → `442079460958`). The number must already hold its country
 * code: the digits alone cannot tell which country a national number belongs to.
 */
export function normalisePhone(phone: string): string {
  return phone.replace(/\D/g, '').replace(/^0+/, '');
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
