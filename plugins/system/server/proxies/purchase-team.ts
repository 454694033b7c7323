import { validationError, type Queryable } from '@core/sdk/server';
import { proxiesResource } from '../../shared/resources';
import { TEAM_UNAVAILABLE, TEAM_UNKNOWN } from './messages';

/**
 * The team a purchase names, checked before anything is bought: a live finance agency, and only while
 * the proxies have the field at all (finance is an optional dependency; without it the field is left out).
 */
export async function requireTeam(db: Queryable, team: number | undefined): Promise<void> {
  if (team === undefined) return;
  const field = proxiesResource.fields.find((candidate) => candidate.name === 'team');
  if (field?.kind !== 'reference') throw validationError({ team: [TEAM_UNAVAILABLE] });
  const live = field.target.softDelete ? ' AND deleted_at IS NULL' : '';
  const { rows } = await db.query(`SELECT 1 FROM ${field.target.table} WHERE id = $1${live}`, [team]);
  if (rows.length === 0) throw validationError({ team: [TEAM_UNKNOWN] });
}
