import { describe, expect, it } from 'vitest';
import { manifestProblems, type PluginManifest } from '@core/shared/manifest';
import { areaFlagGroups, OTHER_AREA, PermissionCatalogue } from '@core/shared/permission-catalogue';
import { requirementCodes, satisfies } from '@core/shared/permissions';
import { isServiceId, serviceBaseUrls, serviceIds, SPEC_SERVICES } from '@core/shared/services';
import { adminManifest } from '@plugins/admin/manifest';
import { financeManifest } from '@plugins/finance/manifest';
import { messengerManifest } from '@plugins/messenger/manifest';
import { shopManifest } from '@plugins/shop/manifest';
import { socialManifest } from '@plugins/social/manifest';
import { systemManifest } from '@plugins/system/manifest';
import { trackerManifest } from '@plugins/tracker/manifest';

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

/** The flag groups of the spec's Roles and permissions section, quoted. */
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

/** The product's plugins, as the catalogue and the flags are assembled from them. */
const PRODUCT = [
  adminManifest,
  financeManifest,
  messengerManifest,
  trackerManifest,
  shopManifest,
  systemManifest,
  socialManifest,
];

describe('areaFlagGroups', () => {
  const groups = areaFlagGroups(PRODUCT);

  it("are the spec's flag groups from their plugins, and the messenger’s (exactly MB)", () => {
    expect(groups).toEqual({ ...SPEC_FLAG_GROUPS, messenger: ['MB'] });
    expect(messengerManifest.areaFlags).toEqual({ messenger: ['MB'] });
    expect(adminManifest.areaFlags).toEqual({ admin: SPEC_FLAG_GROUPS.admin });
    expect(financeManifest.areaFlags).toEqual({ finance: SPEC_FLAG_GROUPS.finance });
    expect(trackerManifest.areaFlags).toEqual({ tracker: SPEC_FLAG_GROUPS.tracker });
    expect(shopManifest.areaFlags).toEqual({ shop: SPEC_FLAG_GROUPS.shop });
    expect(systemManifest.areaFlags).toEqual({ system: SPEC_FLAG_GROUPS.system });
    expect(socialManifest.areaFlags).toEqual({ facebook: SPEC_FLAG_GROUPS.facebook });
  });

  it('lack a plugin’s groups while it is disabled', () => {
    expect(Object.keys(areaFlagGroups([financeManifest]))).not.toContain('admin');
    expect(Object.keys(areaFlagGroups([]))).toEqual([]);
  });

  it('leave out the sidebar-only codes FL, FJ, MC and FO', () => {
    const grouped = Object.values(groups).flat();
    for (const code of SIDEBAR_ONLY_CODES) expect(grouped).not.toContain(code);
  });

  it('put no code in two groups', () => {
    const grouped = Object.values(groups).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
  });
});

describe('PermissionCatalogue', () => {
  const catalogue = new PermissionCatalogue(PRODUCT);
  const catalogued = catalogue.codes;

  it('holds every code of the flag groups, MB and the sidebar-only codes', () => {
    const expected = [...Object.values(SPEC_FLAG_GROUPS).flat(), 'MB', ...SIDEBAR_ONLY_CODES];
    expect([...catalogued].sort()).toEqual([...expected].sort());
  });

  it('lists each code once', () => {
    expect(new Set(catalogued).size).toBe(catalogued.length);
  });

  it('gives each code a valid service and a description in English and Russian', () => {
    for (const entry of catalogue.entries) {
      expect(isServiceId(entry.service), entry.code).toBe(true);
      expect(entry.description.en.trim(), entry.code).not.toBe('');
      expect(entry.description.ru.trim(), entry.code).not.toBe('');
    }
  });

  it('files the codes under their plugins’ services and areas', () => {
    const of = (code: string) => [catalogue.entry(code)?.service, catalogue.areaOf(code)];
    expect(of('JU')).toEqual(['auth', 'admin']);
    expect(of('FL')).toEqual(['finance', 'finance']);
    expect(of('FJ')).toEqual(['finance', 'finance']);
    expect(of('MB')).toEqual(['messenger', 'messenger']);
    expect(of('MC')).toEqual(['social', 'social']);
    for (const code of SPEC_FLAG_GROUPS.shop) expect(of(code), code).toEqual(['shop', 'shop']);
    for (const code of SPEC_FLAG_GROUPS.tracker) expect(of(code), code).toEqual(['tracker', 'tracker']);
    for (const code of SPEC_FLAG_GROUPS.system) expect(of(code), code).toEqual(['system', 'system']);
  });

  it('holds no code without plugins: every code comes with its plugin', () => {
    const bare = new PermissionCatalogue([]);
    expect(bare.has('JU')).toBe(false);
    expect(bare.has('FT')).toBe(false);
    expect(bare.has('MB')).toBe(false);
    expect(bare.has('TF')).toBe(false);
    expect(bare.has('SC')).toBe(false);
    expect(bare.has('YP')).toBe(false);
    expect(bare.has('MA')).toBe(false);
    expect(bare.codes).toEqual([]);
    expect(new PermissionCatalogue([financeManifest]).has('JU')).toBe(false);
  });

  it('takes a plugin’s declaration over the reserved one when its area lands', () => {
    const system = manifest({
      id: 'system',
      service: 'system',
      permissions: [{ code: 'YP', area: 'finance', description: { en: 'System finance', ru: 'Финансы системы' } }],
    });
    const withSystem = new PermissionCatalogue([system]);
    expect(withSystem.entry('YP')).toEqual({
      code: 'YP',
      service: 'system',
      plugin: 'system',
      area: 'finance',
      description: { en: 'System finance', ru: 'Финансы системы' },
    });
    expect(withSystem.codes.filter((code) => code === 'YP')).toHaveLength(1);
  });

  it('refuses one code declared by two plugins, naming both', () => {
    const other = manifest({
      id: 'other',
      permissions: [{ code: 'JU', area: 'admin', description: { en: 'x', ru: 'x' } }],
    });
    expect(() => new PermissionCatalogue([adminManifest, other])).toThrow(
      'permission "JU" is declared by both "admin" and "other"',
    );
  });

  it('describes a code in the reader’s language unless an administrator stored another text', () => {
    expect(catalogue.describe('FP', 'en')).toBe('Service payments');
    expect(catalogue.describe('FP', 'ru')).toBe('Оплата сервисов');
    expect(catalogue.describe('FP', 'ru', 'Service payments')).toBe('Оплата сервисов');
    expect(catalogue.describe('FP', 'ru', 'Company services')).toBe('Company services');
    expect(catalogue.describe('ZZ', 'ru', 'Made up here')).toBe('Made up here');
    expect(catalogue.describe('ZZ', 'ru')).toBeNull();
    expect(catalogue.describe('FP', 'de')).toBe('Service payments');
  });

  it('files an undeclared code by its service, else under other', () => {
    expect(catalogue.areaOf('ZZ', 'finance')).toBe('finance');
    expect(catalogue.areaOf('ZZ', 'auth')).toBe('admin');
    expect(catalogue.areaOf('ZZ', 'billing')).toBe(OTHER_AREA);
    expect(new PermissionCatalogue([]).areaOf('FW', 'finance')).toBe('finance');
    expect(catalogue.areaOf('ZZ')).toBe(OTHER_AREA);
  });

  it('groups by area in the sidebar’s order, a plugin’s own group after the known ones, other last', () => {
    const notes = manifest({
      id: 'notes',
      service: 'notes',
      menuGroups: [{ id: 'meetings', label: { en: 'Meetings', ru: 'Встречи' } }],
      permissions: [{ code: 'NT', area: 'meetings', description: { en: 'Notes', ru: 'Заметки' } }],
    });
    const grouped = new PermissionCatalogue([...PRODUCT, notes]).group(
      ['ZZ', 'NT', 'JU', 'MB', 'FJ', 'FW', 'JA'],
      (code) => ({ code }),
    );
    expect(grouped).toEqual([
      { area: 'finance', items: ['FW', 'FJ'] },
      { area: 'messenger', items: ['MB'] },
      { area: 'admin', items: ['JA', 'JU'] },
      { area: 'meetings', items: ['NT'] },
      { area: OTHER_AREA, items: ['ZZ'] },
    ]);
  });

  it('lists the spec’s services and the plugins’ own', () => {
    expect(catalogue.services).toEqual([...SPEC_SERVICES]);
    expect(new PermissionCatalogue([manifest({ service: 'notes' })]).services).toEqual([...SPEC_SERVICES, 'notes']);
  });
});

describe('service ids', () => {
  it.each(['auth', 'notes', 'meeting-notes', 'a1'])('accepts %j', (id) => expect(isServiceId(id)).toBe(true));
  it.each(['', 'a', 'Notes', '1notes', 'notes/x', 'notes_x', `n${'a'.repeat(32)}`])('refuses %j', (id) =>
    expect(isServiceId(id)).toBe(false),
  );

  it('default to /api/<id>/ unless configured, the spec’s first', () => {
    expect(serviceIds(['notes', 'auth'])).toEqual([...SPEC_SERVICES, 'notes']);
    expect(serviceBaseUrls(['auth', 'notes'], { auth: 'https://auth.example.com/' })).toEqual({
      auth: 'https://auth.example.com/',
      notes: '/api/notes/',
    });
  });
});

function manifest(overrides: Partial<PluginManifest> = {}): PluginManifest {
  return {
    id: 'wallets',
    version: '1.0.0',
    sdk: '^2.0.0',
    titleKey: 'wallets:title',
    service: 'finance',
    dependencies: ['core-lists'],
    namespaces: ['wallets'],
    pages: [
      { path: '/wallets', titleKey: 'wallets:list', requires: 'FW', nav: { group: 'finance' } },
      { path: '/wallets/:id', titleKey: 'wallets:detail', requires: 'FW' },
    ],
    ...overrides,
  };
}

describe('manifestProblems', () => {
  it('finds nothing wrong with a sound manifest', () => {
    expect(manifestProblems(manifest())).toEqual([]);
    expect(manifestProblems(adminManifest)).toEqual([]);
    expect(manifestProblems(financeManifest)).toEqual([]);
    expect(manifestProblems(trackerManifest)).toEqual([]);
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

  it('reports a service id that cannot be a URL segment', () => {
    expect(manifestProblems(manifest({ service: 'My Notes' }))).toEqual([
      'service "My Notes" is not a valid service id',
    ]);
  });

  it('reports a page declared twice', () => {
    const pages = [
      { path: '/wallets', titleKey: 'wallets:list', requires: 'FW' },
      { path: '/wallets', titleKey: 'wallets:again', requires: 'FW' },
    ];
    expect(manifestProblems(manifest({ pages }))).toEqual(['page "/wallets" is declared twice']);
  });

  it('reports a page that does not start with /', () => {
    const pages = [{ path: 'wallets', titleKey: 'wallets:list', requires: 'FW', nav: { group: 'finance' } }];
    expect(manifestProblems(manifest({ pages }))).toEqual(['page "wallets" must start with /']);
  });

  it('reports a code declared twice, and one under an area that is neither known nor declared', () => {
    const permissions = [
      { code: 'WX', area: 'finance', description: { en: 'x', ru: 'x' } },
      { code: 'WX', area: 'vaults', description: { en: 'x', ru: 'x' } },
    ];
    expect(manifestProblems(manifest({ permissions }))).toEqual([
      'permission "WX" is declared twice',
      'permission "WX" names area "vaults", neither a known menu group nor one of menuGroups',
    ]);
    const declared = manifest({
      permissions: permissions.slice(1),
      menuGroups: [{ id: 'vaults', label: { en: 'Vaults', ru: 'Хранилища' } }],
    });
    expect(manifestProblems(declared)).toEqual([]);
  });

  it('reports a declaration of a known menu group', () => {
    expect(manifestProblems(manifest({ menuGroups: [{ id: 'finance', label: { en: 'F', ru: 'Ф' } }] }))).toEqual([
      'menu group "finance" is a known group: it needs no declaration',
    ]);
  });

  it('reports an offered slot outside the plugin’s name, and a filled slot no dependency offers', () => {
    expect(manifestProblems(manifest({ offersSlots: ['wallets.aside', 'finance.aside', 'wallets'] }))).toEqual([
      'offered slot "finance.aside" must be "wallets.<name>"',
      'offered slot "wallets" must be "wallets.<name>"',
    ]);
    expect(
      manifestProblems(manifest({ slots: { dashboard: 'FW', 'core-lists.aside': 'FW', 'notes.aside': 'FW' } })),
    ).toEqual(['slot "notes.aside" is neither a core slot nor offered by a dependency']);
  });

  it('reports a plugin that depends on itself', () => {
    expect(manifestProblems(manifest({ dependencies: ['core-lists', 'wallets'] }))).toEqual([
      'a plugin cannot depend on itself',
    ]);
  });

  it('reports every problem at once', () => {
    const problems = manifestProblems(
      manifest({
        id: 'Bad',
        dependencies: ['Bad'],
        pages: [
          { path: '/a', titleKey: 'a', requires: 'JA' },
          { path: '/a', titleKey: 'a', requires: 'JA' },
        ],
      }),
    );
    expect(problems).toHaveLength(3);
  });
});
