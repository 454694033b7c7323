import { afterEach, expect, it } from 'vitest';
import type { PluginManifest } from '@core/shared/manifest';
import { manifestProblems } from '@core/shared/manifest';
import { declareRunningPlugins } from '@core/shared/resource/absent-plugins';
import { defineResource, type ResourceDefinition } from '@core/shared/resource/definition';

/*
 * An optional dependency (manifest `optionalDependencies`): a reference into its tables is part of a
 * definition while it runs and left out while it does not; nothing else of the definition changes.
 */

const manifest = (id: string, extra: Partial<PluginManifest> = {}): PluginManifest => ({
  id,
  version: '1.0.0',
  sdk: '^2.0.0',
  titleKey: `${id}:title`,
  service: 'system',
  dependencies: [],
  namespaces: [id],
  pages: [],
  ...extra,
});
const PROXIES = manifest('proxies', { optionalDependencies: ['teams'] });

const teamTarget = {
  service: 'teams',
  path: 'teams',
  table: 'teams.teams',
  labelColumn: 'name',
  softDelete: true,
} as const;
const proxies = defineResource({
  id: 'proxies.proxies',
  service: 'system',
  path: 'proxies',
  table: 'proxies.proxies',
  titleKey: 'proxies:title',
  recordKey: 'proxies:record',
  access: { read: 'YP', write: 'YP' },
  fields: [
    { kind: 'text', name: 'address', labelKey: 'proxies:address' },
    { kind: 'reference', name: 'team', labelKey: 'proxies:team', target: teamTarget },
    {
      kind: 'reference',
      name: 'country',
      labelKey: 'proxies:country',
      target: { service: 'auth', path: 'countries', table: 'core.countries', labelColumn: 'name' },
    },
  ],
  labelField: 'address',
});
const names = (definition: ResourceDefinition): string[] => definition.fields.map((field) => field.name);

afterEach(() => declareRunningPlugins([]));

it('keeps a reference into an optional dependency while it runs, the same fields each time', () => {
  declareRunningPlugins([PROXIES, manifest('teams')]);
  expect(names(proxies)).toEqual(['address', 'team', 'country']);
  expect(proxies.fields).toBe(proxies.fields);
});

it('leaves the reference out while the optional dependency does not run, and takes it back when it does', () => {
  declareRunningPlugins([PROXIES]);
  expect(names(proxies)).toEqual(['address', 'country']);
  expect(JSON.parse(JSON.stringify(proxies)).fields.map((field: { name: string }) => field.name)).toEqual([
    'address',
    'country',
  ]);
  declareRunningPlugins([PROXIES, manifest('teams')]);
  expect(names(proxies)).toEqual(['address', 'team', 'country']);
});

it('returns a definition without references into other plugins as it is', () => {
  const own = { ...proxies, fields: proxies.fields.filter((field) => field.name !== 'team') };
  expect(defineResource(own)).toBe(own);
});

it('refuses a manifest naming a plugin as both a dependency and an optional one, or itself', () => {
  expect(manifestProblems(manifest('proxies', { dependencies: ['teams'], optionalDependencies: ['teams'] }))).toEqual([
    'plugin "teams" is both a dependency and an optional one',
  ]);
  expect(manifestProblems(manifest('proxies', { optionalDependencies: ['proxies'] }))).toEqual([
    'a plugin cannot depend on itself',
  ]);
});
