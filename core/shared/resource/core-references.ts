import type { ReferenceTarget } from './field';

/** Staff accounts of the core auth service, as a reference target for any plugin's fields. */
export const USERS_REFERENCE: ReferenceTarget = {
  service: 'auth',
  path: 'users',
  table: 'core.users',
  labelColumn: 'username',
  softDelete: true,
};

/**
 * ISO 3166-1 countries, kept by the core (the id is the ISO numeric code, so an id means the same
 * country everywhere; `code` is alpha-2), as a reference target for any plugin's fields. A country
 * is labelled in the reader's language: `name` in English, `name_ru` in Russian.
 */
export const COUNTRIES_REFERENCE: ReferenceTarget = {
  service: 'auth',
  path: 'countries',
  table: 'core.countries',
  labelColumn: 'name',
  translatedLabelColumns: { ru: 'name_ru' },
};
