import type { Queryable } from '@core/server/database/database';
import type { ResourceDefinition } from '@core/shared/resource/definition';
import type { FieldDefinition } from '@core/shared/resource/field';

/**
 * Tables for resource definitions, as the core resource engine stores them (money: a numeric
 * amount and `<name>_currency`; meta columns id, version, timestamps, deleted_at for soft delete),
 * for tests of finance rules that run on SQL alone.
 */
function columnsOf(field: FieldDefinition): string[] {
  switch (field.kind) {
    case 'money':
      return [`${field.name} numeric`, `${field.name}_currency text`];
    case 'number':
    case 'decimal':
    case 'percent':
      return [`${field.name} numeric`];
    case 'boolean':
      return [`${field.name} boolean`];
    case 'date':
      return [`${field.name} date`];
    case 'datetime':
      return [`${field.name} timestamptz`];
    case 'reference':
      return [`${field.name} ${field.many ? 'bigint[]' : 'bigint'}`];
    case 'keyValue':
      return [`${field.name} jsonb`];
    default:
      return [`${field.name} text`];
  }
}

export async function createStandInTables(db: Queryable, definitions: readonly ResourceDefinition[]): Promise<void> {
  for (const definition of definitions) {
    const columns = [
      'id bigserial PRIMARY KEY',
      'version integer NOT NULL DEFAULT 1',
      'created_at timestamptz NOT NULL DEFAULT now()',
      'updated_at timestamptz NOT NULL DEFAULT now()',
      'deleted_at timestamptz',
      ...definition.fields.flatMap(columnsOf),
    ];
    await db.query(`CREATE TABLE IF NOT EXISTS ${definition.table} (${columns.join(', ')})`);
  }
  await db.query('CREATE UNIQUE INDEX IF NOT EXISTS exchange_rates_currency_date ON finance.exchange_rates (currency, rate_date)');
}
