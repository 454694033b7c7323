import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_RESOURCES } from '@core/server/auth/account-resources';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';

/*
 * One way to do each thing, held mechanically: plugins take their field definitions from the
 * SDK's builders, and every write of a record goes through the engine, so no plugin's server code
 * writes a resource table with a statement of its own.
 */

const root = join(import.meta.dirname, '..', '..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.split(/[\\/]/).includes('migrations'))
    .map((name) => join(folder, name));
}

const read = (file: string): string => readFileSync(join(root, file), 'utf8');

const STATEMENT = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:\$\{\s*([A-Za-z_][\w.]*)\s*\}|([a-z_]+\.[a-z_]+))/g;

/** The tables a text's statements write: `schema.table` as written, or `${x.table}` (a definition's table). */
function writtenTables(text: string): string[] {
  const tables: string[] = [];
  for (const match of text.matchAll(STATEMENT)) {
    if (match[2]) tables.push(match[2]);
    else if (match[1]?.endsWith('.table')) tables.push(`\${${match[1]}}`);
  }
  return tables;
}

// Each a deliberate exception, with its reason.
const ALLOWED = new Map([
  [
    'plugins/system/server/demo/system-demo.ts',
    'the demo sets a read-only legacy text that only a migration ever fills, to show the "not in the list" marker',
  ],
]);

describe('one way to do each thing', () => {
  // A template literal's placeholder as a plugin's source has it.
  const slot = (expression: string): string => `$\{${expression}}`;

  it('finds the statements a text writes, by schema-qualified name or by a definition’s table', () => {
    expect(
      writtenTables(
        `UPDATE shop.products p SET x = 1; INSERT INTO ${slot('positionsResource.table')} (a) VALUES (1); DELETE FROM admin.links; ON CONFLICT DO UPDATE SET a = 1; INSERT INTO ${slot('ARCHIVES')} (a)`,
      ),
    ).toEqual(['shop.products', slot('positionsResource.table'), 'admin.links']);
  });

  it('leaves field definitions to the SDK’s builders: no plugin defines operator lists or casts to FieldDefinition', () => {
    const offending = sources('plugins').filter((file) =>
      /\b(?:TEXT|RANGE)_OPS\s*=|as FieldDefinition\b/.test(read(file)),
    );
    expect(offending).toEqual([]);
  });

  it('writes no resource table from plugin server code but through the engine', () => {
    const resourceTables = new Set(
      [...AVAILABLE_SERVER_PLUGINS.flatMap((plugin) => plugin.resources ?? []), ...ACCOUNT_RESOURCES].map(
        (definition) => definition.table,
      ),
    );
    expect(resourceTables.size).toBeGreaterThan(50);
    const writes = sources('plugins')
      .filter((file) => file.split(/[\\/]/).includes('server'))
      .flatMap((file) =>
        writtenTables(read(file))
          .filter((table) => resourceTables.has(table) || table.startsWith('${'))
          .map((table) => `${relative(root, join(root, file))}: ${table}`),
      )
      .filter((write) => !ALLOWED.has(write.slice(0, write.indexOf(':'))));
    expect(writes).toEqual([]);
  });
});
