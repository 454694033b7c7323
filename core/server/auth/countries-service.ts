import type { Queryable } from '../database/database';
import { kernelService } from '../database/plugin-handle';

/** A country of the kernel's ISO 3166-1 reference (core.countries). */
export interface Country {
  /** The ISO numeric code: the same country in every plugin and database. */
  readonly id: number;
  /** The ISO alpha-2 code, upper case. */
  readonly code: string;
  readonly name: string;
}

/** The countries a plugin's records point at, so no plugin reads core.countries itself. */
export interface CountriesService {
  /** The country with that id, or null. */
  find(db: Queryable, id: number): Promise<Country | null>;
  /** The countries with those ids, in their order; an unknown id is left out. */
  list(db: Queryable, ids: readonly number[]): Promise<Country[]>;
}

interface CountryRow {
  readonly id: string | number;
  readonly code: string;
  readonly name: string;
}

const countryOf = (row: CountryRow): Country => ({ id: Number(row.id), code: row.code, name: row.name });

export const countriesService: CountriesService = kernelService({
  async find(db: Queryable, id: number): Promise<Country | null> {
    const { rows } = await db.query<CountryRow>('SELECT id, code, name FROM core.countries WHERE id = $1', [id]);
    const row = rows[0];
    return row ? countryOf(row) : null;
  },
  async list(db: Queryable, ids: readonly number[]): Promise<Country[]> {
    if (ids.length === 0) return [];
    const { rows } = await db.query<CountryRow>(
      `SELECT c.id, c.code, c.name FROM unnest($1::bigint[]) WITH ORDINALITY AS wanted (id, position)
         JOIN core.countries c ON c.id = wanted.id ORDER BY wanted.position`,
      [ids],
    );
    return rows.map(countryOf);
  },
});
