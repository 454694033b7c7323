import { describe, expect, it } from 'vitest';
import { manifestProblems, type PluginManifest } from '@core/shared/manifest';
import { PERMISSION_CATALOGUE } from '@core/shared/permission-catalogue';
import { AREA_FLAG_GROUPS, MESSENGER_CODE, requirementCodes, satisfies } from '@core/shared/permissions';
import { SERVICE_NAMES } from '@core/shared/services';

const codes = (...list: string[]): ReadonlySet<string> => new Set(list);

describe('satisfies', () => {
  it('needs the very code for a single-code requirement', () => {
    expect(satisfies(codes('JA'), 'JA')).toBe(true);
    expect(satisfies(codes('JS', 'JU'), 'JA')).toBe(false);
    expect(satisfies(codes(), 'JA')).toBe(false);
  });

  it('is case-sensitive', () => {
    expect(satisfies(codes('ja'), 'JA')).toBe(false);
  });

  it('needs one of the codes for anyOf', () => {
    const requirement = { anyOf: ['JQ', 'JT'] };
    expect(satisfies(codes('JQ'), requirement)).toBe(true);
    expect(satisfies(codes('JT'), requirement)).toBe(true);
    expect(satisfies(codes('JQ', 'JT'), requirement)).toBe(true);
    expect(satisfies(codes('JA', 'JU'), requirement)).toBe(false);
  });

  it('needs every code for allOf', () => {
    const requirement = { allOf: ['FW', 'FT'] };
    expect(satisfies(codes('FW', 'FT', 'FA'), requirement)).toBe(true);
    expect(satisfies(codes('FW'), requirement)).toBe(false);
    expect(satisfies(codes('FT'), requirement)).toBe(false);
  });
});

describe('requirementCodes', () => {
  it('lists the codes a requirement names', () => {
    expect(requirementCodes('JA')).toEqual(['JA']);
    expect(requirementCodes({ anyOf: ['JQ', 'JT'] })).toEqual(['JQ', 'JT']);
    expect(requirementCodes({ allOf: ['FW', 'FT'] })).toEqual(['FW', 'FT']);
  });
});

/** Spec §6, quoted. */
const SPEC_FLAG_GROUPS = {
  admin: ['JA', 'JS', 'JU', 'JQ', 'JT', 'VR'],
  facebook: ['MA', 'MD', 'MP', 'MQ', 'MS', 'MV'],
  shop: ['SC', 'SP', 'SQ', 'SO', 'SM', 'SS', 'SR'],
  tracker: ['TF', 'TA', 'TT', 'TO', 'TS', 'TB', 'TL', 'TR'],
  system: ['YP', 'YS', 'YE', 'YQ', 'YA', 'YD', 'YU', 'YT', 'YL'],
  finance: ['FP', 'FW', 'FD', 'FG', 'FN', 'FA', 'FT', 'FF', 'FS', 'FV', 'FE', 'FC', 'FH', 'FZ'],
};

/** Codes the spec's sidebar uses that no flag group contains. */
const SIDEBAR_ONLY_CODES = ['FL', 'FJ', 'MC', 'FO'];

describe('AREA_FLAG_GROUPS', () => {
  it('are exactly the groups of spec §6, in order', () => {
    expect(AREA_FLAG_GROUPS).toEqual(SPEC_FLAG_GROUPS);
    expect(Object.keys(AREA_FLAG_GROUPS)).toEqual(Object.keys(SPEC_FLAG_GROUPS));
  });

  it('make messenger exactly MB, outside every group', () => {
    expect(MESSENGER_CODE).toBe('MB');
    expect(Object.values(AREA_FLAG_GROUPS).flat()).not.toContain('MB');
  });

  it('leave out the sidebar-only codes FL, FJ, MC and FO', () => {
    const grouped = Object.values(AREA_FLAG_GROUPS).flat();
    for (const code of SIDEBAR_ONLY_CODES) expect(grouped).not.toContain(code);
  });

  it('put no code in two groups', () => {
    const grouped = Object.values(AREA_FLAG_GROUPS).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
  });
});

describe('PERMISSION_CATALOGUE', () => {
  const catalogued = PERMISSION_CATALOGUE.map((entry) => entry.code);

  it('holds every code of the flag groups, MB and the sidebar-only codes', () => {
    const expected = [...Object.values(SPEC_FLAG_GROUPS).flat(), 'MB', ...SIDEBAR_ONLY_CODES];
    expect([...catalogued].sort()).toEqual([...expected].sort());
  });

  it('lists each code once', () => {
    expect(new Set(catalogued).size).toBe(catalogued.length);
  });

  it('gives each code a known service and a description', () => {
    for (const entry of PERMISSION_CATALOGUE) {
      expect(SERVICE_NAMES, entry.code).toContain(entry.service);
      expect(entry.description.trim(), entry.code).not.toBe('');
    }
  });

  it('files the codes under their services', () => {
    const serviceOf = (code: string) => PERMISSION_CATALOGUE.find((entry) => entry.code === code)?.service;
    expect(serviceOf('MB')).toBe('messenger');
    expect(serviceOf('FL')).toBe('finance');
    expect(serviceOf('FJ')).toBe('finance');
    for (const code of SPEC_FLAG_GROUPS.shop) expect(serviceOf(code), code).toBe('shop');
    for (const code of SPEC_FLAG_GROUPS.tracker) expect(serviceOf(code), code).toBe('tracker');
    for (const code of SPEC_FLAG_GROUPS.system) expect(serviceOf(code), code).toBe('system');
  });
});

function manifest(overrides: Partial<PluginManifest> = {}): PluginManifest {
  return {
    id: 'wallets',
    version: '1.0.0',
    sdk: '^1.0.0',
    titleKey: 'wallets:title',
    service: 'finance',
    dependencies: ['core-lists'],
    namespaces: ['wallets'],
    routes: [
      { path: '/wallets', titleKey: 'wallets:list' },
      { path: '/wallets/:id', titleKey: 'wallets:detail' },
    ],
    sidebar: [{ id: 'wallets', labelKey: 'wallets:nav', path: '/wallets', group: 'finance', requires: 'FW' }],
    ...overrides,
  };
}

describe('manifestProblems', () => {
  it('finds nothing wrong with a sound manifest', () => {
    expect(manifestProblems(manifest())).toEqual([]);
  });

  it.each(['Wallets', 'w', '1wallets', 'wallets_2', 'my wallets', '-wallets', `w${'a'.repeat(32)}`, ''])(
    'rejects the plugin id %j',
    (id) => {
      const problems = manifestProblems(manifest({ id }));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(`plugin id "${id}"`);
    },
  );

  it.each(['ab', 'wallets', 'finance-reports', `w${'a'.repeat(31)}`])('accepts the plugin id %j', (id) => {
    expect(manifestProblems(manifest({ id }))).toEqual([]);
  });

  it('reports a route declared twice', () => {
    const routes = [
      { path: '/wallets', titleKey: 'wallets:list' },
      { path: '/wallets', titleKey: 'wallets:again' },
    ];
    expect(manifestProblems(manifest({ routes }))).toEqual(['route "/wallets" is declared twice']);
  });

  it('reports a route that does not start with /', () => {
    const routes = [{ path: 'wallets', titleKey: 'wallets:list' }];
    const sidebar = [{ id: 'wallets', labelKey: 'wallets:nav', path: 'wallets', group: 'finance', requires: 'FW' }];
    expect(manifestProblems(manifest({ routes, sidebar }))).toEqual(['route "wallets" must start with /']);
  });

  it('reports a sidebar entry whose path is not a route', () => {
    const sidebar = [{ id: 'archive', labelKey: 'wallets:archive', path: '/wallets/archive', group: 'finance', requires: 'FW' }];
    expect(manifestProblems(manifest({ sidebar }))).toEqual(['sidebar entry "archive" points to undeclared route "/wallets/archive"']);
  });

  it('reports a plugin that depends on itself', () => {
    expect(manifestProblems(manifest({ dependencies: ['core-lists', 'wallets'] }))).toEqual(['a plugin cannot depend on itself']);
  });

  it('reports every problem at once', () => {
    const problems = manifestProblems(
      manifest({
        id: 'Bad',
        dependencies: ['Bad'],
        routes: [
          { path: '/a', titleKey: 'a' },
          { path: '/a', titleKey: 'a' },
        ],
        sidebar: [{ id: 'b', labelKey: 'b', path: '/b', group: 'main', requires: 'JA' }],
      }),
    );
    expect(problems).toHaveLength(4);
  });
});
