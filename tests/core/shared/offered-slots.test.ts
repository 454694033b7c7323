/**
 * Offered slots in manifests: declared with a description, a code and a props type (a 1.x bare name
 * still read), checked alone and among the enabled plugins.
 */
import { describe, expect, it } from 'vitest';
import {
  enabledManifestsProblems,
  manifestProblems,
  offeredSlotRequirement,
  type OfferedSlot,
  type PluginManifest,
} from '@core/shared/manifest';
import { financeManifest } from '@plugins/finance/manifest';

const manifest = (id: string, overrides: Partial<PluginManifest> = {}): PluginManifest => ({
  id,
  version: '1.0.0',
  sdk: '^2.0.0',
  titleKey: `${id}:title`,
  service: 'system',
  dependencies: [],
  namespaces: [id],
  pages: [],
  ...overrides,
});

const panel = (overrides: Partial<OfferedSlot> = {}): OfferedSlot => ({
  id: 'desk.panel',
  description: { en: 'Below a desk', ru: 'Под столом' },
  requires: 'DA',
  props: 'DeskPanelProps',
  ...overrides,
});
const desk = manifest('desk', {
  permissions: [{ code: 'DA', area: 'main', description: { en: 'Desk', ru: 'Стол' } }],
  offersSlots: [panel()],
});

describe('offered slots', () => {
  it('are declared with a description, a code and a props type, or by a bare 1.x name', () => {
    expect(manifestProblems(desk)).toEqual([]);
    expect(manifestProblems(manifest('desk', { offersSlots: ['desk.panel'] }))).toEqual([]);
    expect(
      manifestProblems(manifest('desk', { offersSlots: [panel(), 'desk.panel', panel({ id: 'shelf.panel' })] })),
    ).toEqual(['offered slot "desk.panel" is declared twice', 'offered slot "shelf.panel" must be "desk.<name>"']);
  });

  it("hold back what fills them by the offering plugin's code; a core slot and a 1.x one have none", () => {
    expect(offeredSlotRequirement([desk], 'desk.panel')).toBe('DA');
    expect(offeredSlotRequirement([manifest('desk', { offersSlots: ['desk.panel'] })], 'desk.panel')).toBeUndefined();
    expect(offeredSlotRequirement([desk], 'dashboard')).toBeUndefined();
    expect(offeredSlotRequirement([financeManifest], 'finance.employeeDetail')).toBe('FJ');
  });

  it('may be filled by a plugin that needs or optionally uses the offering one; an absent optional one is no problem', () => {
    const filler = (overrides: Partial<PluginManifest>) =>
      manifest('stickers', { slots: { 'desk.panel': 'SB' }, ...overrides });
    expect(manifestProblems(filler({ dependencies: ['desk'] }))).toEqual([]);
    expect(manifestProblems(filler({ optionalDependencies: ['desk'] }))).toEqual([]);
    expect(manifestProblems(filler({}))).toEqual([
      'slot "desk.panel" is neither a core slot nor offered by a dependency',
    ]);
    expect(enabledManifestsProblems([desk, filler({ optionalDependencies: ['desk'] })])).toEqual([]);
    expect(enabledManifestsProblems([filler({ optionalDependencies: ['desk'] })])).toEqual([]);
    expect(enabledManifestsProblems([manifest('desk'), filler({ optionalDependencies: ['desk'] })])).toEqual([
      'plugin "stickers" fills slot "desk.panel", which no enabled plugin offers',
    ]);
  });

  it('name codes an enabled plugin declares: no role can be granted a code outside the catalogue', () => {
    expect(
      enabledManifestsProblems([manifest('desk', { offersSlots: [panel({ requires: { anyOf: ['DA', 'DB'] } })] })]),
    ).toEqual([
      'offered slot "desk.panel" requires code "DA", which no enabled plugin declares',
      'offered slot "desk.panel" requires code "DB", which no enabled plugin declares',
    ]);
  });
});
