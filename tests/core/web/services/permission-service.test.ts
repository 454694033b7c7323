import { describe, expect, it } from 'vitest';
import { autorun, reaction } from 'mobx';
import { PermissionService } from '@core/web/services/permission-service';
import { SessionStore } from '@core/web/services/session-store';
import { createTestKernel, testUser } from '../../../support/web/test-kernel';
import {
  admin as adminPlugin,
  finance as financePlugin,
  messenger as messengerPlugin,
  productPlugin,
} from '../../../support/web/product-plugins';

const trackerPlugin = productPlugin('tracker');
const shopPlugin = productPlugin('shop');
const systemPlugin = productPlugin('system');
const socialPlugin = productPlugin('social');

// Every flag comes from its plugin's manifest.
async function permissionsOf(
  codes: readonly string[] | null,
): Promise<{ permissions: PermissionService; session: SessionStore }> {
  const kernel = await createTestKernel({
    plugins: [adminPlugin, financePlugin, messengerPlugin, trackerPlugin, shopPlugin, systemPlugin, socialPlugin],
    ...(codes === null ? {} : { user: testUser(codes) }),
  });
  return { permissions: kernel.get(PermissionService), session: kernel.get(SessionStore) };
}

/** The flag groups of the spec's Roles and permissions section, quoted; the messenger flag is exactly MB. */
const SPEC_FLAG_GROUPS = {
  admin: ['JA', 'JS', 'JU', 'JQ', 'JT', 'VR'],
  facebook: ['MA', 'MD', 'MP', 'MQ', 'MS', 'MV'],
  shop: ['SC', 'SP', 'SQ', 'SO', 'SM', 'SS', 'SR'],
  tracker: ['TF', 'TA', 'TT', 'TO', 'TS', 'TB', 'TL', 'TR'],
  system: ['YP', 'YS', 'YE', 'YQ', 'YA', 'YD', 'YU', 'YT', 'YL'],
  finance: ['FP', 'FW', 'FD', 'FG', 'FN', 'FA', 'FT', 'FF', 'FS', 'FV', 'FE', 'FC', 'FH', 'FZ'],
} as const;
type AreaFlag = keyof typeof SPEC_FLAG_GROUPS | 'messenger';

const GROUPED = Object.entries(SPEC_FLAG_GROUPS) as [keyof typeof SPEC_FLAG_GROUPS, readonly string[]][];
const ALL_FLAGS: AreaFlag[] = [...GROUPED.map(([flag]) => flag), 'messenger'];

function flagsOnly(...on: AreaFlag[]): Record<AreaFlag, boolean> {
  return Object.fromEntries(ALL_FLAGS.map((flag) => [flag, on.includes(flag)])) as Record<AreaFlag, boolean>;
}

describe('PermissionService checks', () => {
  it('reads the codes of the stored user', async () => {
    const { permissions } = await permissionsOf(['JA', 'FW']);
    expect([...permissions.codes].sort()).toEqual(['FW', 'JA']);
  });

  it('has no codes without a user', async () => {
    const { permissions } = await permissionsOf(null);
    expect(permissions.codes.size).toBe(0);
    expect(permissions.has('JA')).toBe(false);
    expect(permissions.allows('JA')).toBe(false);
  });

  it('has: exactly the held codes', async () => {
    const { permissions } = await permissionsOf(['JA', 'FW']);
    expect(permissions.has('JA')).toBe(true);
    expect(permissions.has('FW')).toBe(true);
    expect(permissions.has('JS')).toBe(false);
  });

  it('any: at least one of the codes', async () => {
    const { permissions } = await permissionsOf(['JT']);
    expect(permissions.any(['JQ', 'JT'])).toBe(true);
    expect(permissions.any(['JQ', 'JA'])).toBe(false);
    expect(permissions.any([])).toBe(false);
  });

  it('all: every one of the codes', async () => {
    const { permissions } = await permissionsOf(['FW', 'FT']);
    expect(permissions.all(['FW', 'FT'])).toBe(true);
    expect(permissions.all(['FW', 'FT', 'FA'])).toBe(false);
  });

  it('allows: single codes, anyOf and allOf', async () => {
    const { permissions } = await permissionsOf(['JQ', 'FW']);
    expect(permissions.allows('JQ')).toBe(true);
    expect(permissions.allows('JT')).toBe(false);
    expect(permissions.allows({ anyOf: ['JQ', 'JT'] })).toBe(true);
    expect(permissions.allows({ anyOf: ['JT', 'JA'] })).toBe(false);
    expect(permissions.allows({ allOf: ['JQ', 'FW'] })).toBe(true);
    expect(permissions.allows({ allOf: ['JQ', 'FT'] })).toBe(false);
  });
});

describe('PermissionService area flags', () => {
  it('are all false without a user', async () => {
    const { permissions } = await permissionsOf(null);
    expect(permissions.flags).toEqual(flagsOnly());
  });

  describe.each(GROUPED)('%s', (flag, codes) => {
    it.each(codes)(`is set by %s alone, and no other flag is`, async (code) => {
      const { permissions } = await permissionsOf([code]);
      expect(permissions.flags).toEqual(flagsOnly(flag));
    });

    it('stays off with every code outside its group', async () => {
      const others = codesOutside(codes);
      const { permissions } = await permissionsOf(others);
      expect(permissions.flags[flag]).toBe(false);
    });
  });

  it('messenger is set by MB only', async () => {
    expect((await permissionsOf(['MB'])).permissions.flags).toEqual(flagsOnly('messenger'));
    const everythingElse = codesOutside(['MB']);
    expect((await permissionsOf(everythingElse)).permissions.flags.messenger).toBe(false);
  });

  it('finance stays off for FL alone: FL is not in the finance group', async () => {
    const { permissions } = await permissionsOf(['FL']);
    expect(permissions.flags.finance).toBe(false);
    expect(permissions.flags).toEqual(flagsOnly());
    expect(permissions.has('FL')).toBe(true);
  });

  it.each(['FJ', 'MC', 'FO'])('%s alone sets no flag', async (code) => {
    expect((await permissionsOf([code])).permissions.flags).toEqual(flagsOnly());
  });

  it('sets several flags for codes of several groups', async () => {
    const { permissions } = await permissionsOf(['VR', 'SR', 'MB']);
    expect(permissions.flags).toEqual(flagsOnly('admin', 'shop', 'messenger'));
  });
});

describe('PermissionService reactivity', () => {
  it('recomputes the flags when the session user changes', async () => {
    const { permissions, session } = await permissionsOf(['JA']);
    const finance: boolean[] = [];
    const stop = reaction(
      () => permissions.flags.finance === true,
      (value) => finance.push(value),
    );
    session.setUser(testUser(['FW']));
    session.setUser(testUser(['FW', 'FT']));
    session.setUser(testUser(['FL']));
    session.clear();
    session.signIn(testUser(['FZ']), 'token');
    stop();
    // A reaction fires only on change: the second FW user changes nothing.
    expect(finance).toEqual([true, false, true]);
  });

  it('re-runs an autorun reading has/allows when codes change', async () => {
    const { permissions, session } = await permissionsOf([]);
    const seen: [boolean, boolean][] = [];
    const stop = autorun(() => {
      seen.push([permissions.has('JA'), permissions.allows({ anyOf: ['JQ', 'JT'] })]);
    });
    session.setUser(testUser(['JA']));
    session.setUser(testUser(['JA', 'JT']));
    session.clear();
    stop();
    expect(seen).toEqual([
      [false, false],
      [true, false],
      [true, true],
      [false, false],
    ]);
  });
});

/** Every catalogued-by-spec code except `excluded`. */
function codesOutside(excluded: readonly string[]): string[] {
  const every = [...GROUPED.flatMap(([, codes]) => codes), 'MB', 'FL', 'FJ', 'MC', 'FO'];
  return every.filter((code) => !excluded.includes(code));
}
