import type { Money } from '@core/sdk/shared';
import type { Queryable } from '@core/sdk/server';
import { OutsideRefusal } from '../domains/outside-call';
import {
  termEnd,
  type NameAvailability,
  type Registrar,
  type Registration,
  type RegistrationRequest,
} from './registrar';

/**
 * The local registrar, "Local (no purchase)": a fresh install's registrar that buys nothing. A name
 * is free unless it was registered here before; registering records it in
 * system.local_registrations, and the domain is marked local so nobody takes it for a real one.
 * It states no price: nothing is paid.
 */
export class LocalRegistrar implements Registrar {
  readonly local = true;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async check(name: string): Promise<NameAvailability> {
    const { rows } = await this.db.query('SELECT 1 FROM system.local_registrations WHERE name = $1', [name]);
    return { available: rows.length === 0, price: null, premium: null };
  }

  price(): Promise<Money | null> {
    return Promise.resolve(null);
  }

  /** Registers once per domain record: the same record asking again gets its registration back. */
  async register(request: RegistrationRequest): Promise<Registration> {
    const { rows } = await this.db.query<{ id: string; domain_id: string; expiry_date: string }>(
      `INSERT INTO system.local_registrations (name, domain_id, years, expiry_date) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
       RETURNING id::text, domain_id::text, to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date`,
      [request.name, request.domainId, request.years, termEnd(this.now(), request.years)],
    );
    const row = rows[0];
    if (!row) throw new Error('the local registration returned no row');
    if (Number(row.domain_id) !== request.domainId)
      throw new OutsideRefusal('The local registrar', 'registration', '', `${request.name} is already registered`);
    return { order: `LOCAL-${row.id}`, expiryDate: row.expiry_date, local: true };
  }

  async setNameservers(name: string, nameservers: readonly string[]): Promise<void> {
    const { affectedRows } = await this.db.query(
      'UPDATE system.local_registrations SET nameservers = $2 WHERE name = $1',
      [name, nameservers],
    );
    if (affectedRows === 0)
      throw new OutsideRefusal('The local registrar', 'setting nameservers', '', `${name} is not registered here`);
  }
}
