import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { ContainerModule } from 'inversify';
import { defineResource, type ResourceRecord } from '@core/shared/resource/definition';
import type { RecordOverview } from '@core/shared/resource/record-page';
import { RouteContributionToken } from '@core/web/kernel/contributions';
import { resourceRoute } from '@core/web/resource/resource-route';
import { testPlugin, type TestPlugin } from '../../../../support/web/test-plugin';
import { WALLET_STRINGS, WALLETS } from '../fixtures';

/** Payments point at wallets: a wallet's page has a section of its payments. */
export const PAYMENTS = defineResource({
  id: 'test.payments',
  service: 'finance',
  path: 'payments',
  table: 'finance.payments',
  titleKey: 'test:payments.title',
  recordKey: 'test:payments.record',
  access: { read: 'FW', write: { allOf: ['FW', 'FZ'] } },
  labelField: 'title',
  pageSizes: [10, 20],
  fields: [
    { kind: 'text', name: 'title', labelKey: 'test:payments.name', sortable: true },
    {
      kind: 'reference',
      name: 'wallet_id',
      labelKey: 'test:payments.wallet',
      target: { service: 'finance', path: 'wallets', table: WALLETS.table, labelColumn: 'name' },
    },
  ],
});

export const STRINGS = {
  ...WALLET_STRINGS,
  payments: { title: 'Payments', record: 'payment', name: 'Title', wallet: 'Wallet' },
};

/** The plugin `test` owning both resources, each listed on a page naming it in `record`. */
export function recordPlugin(walletsPage?: ComponentType): TestPlugin {
  return testPlugin({
    id: 'test',
    bundles: { en: STRINGS, ru: STRINGS },
    pages: [
      { path: '/wallets', titleKey: 'test:wallets.title', requires: 'FW', record: WALLETS.id },
      { path: '/payments', titleKey: 'test:payments.title', requires: 'FW', record: PAYMENTS.id },
    ],
    module: new ContainerModule(({ bind }) => {
      // A page of the plugin's own for the wallets gives the record page no list options.
      bind(RouteContributionToken).toConstantValue(
        walletsPage ? { path: '/wallets', component: walletsPage } : resourceRoute(WALLETS),
      );
      bind(RouteContributionToken).toConstantValue(resourceRoute(PAYMENTS));
    }),
  });
}

export function payment(id: number, walletId = 5): ResourceRecord {
  return {
    id,
    version: 1,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    deleted_at: null,
    title: `Payment ${id}`,
    wallet_id: walletId,
    _labels: { wallet_id: `Wallet ${walletId}` },
  };
}

export function overview(record: ResourceRecord): { data: RecordOverview } {
  return {
    data: {
      record,
      people: { created_by: { id: 7, name: 'ann' }, updated_by: null },
      timeline: { entries: [], labels: {}, more: false },
    },
  };
}

/**
 * IntersectionObserver as tests drive it: nothing is in view until `showAll()` says so, so a test
 * can tell that a section asks for nothing before it is seen.
 */
export class FakeIntersectionObserver {
  static readonly live = new Set<FakeIntersectionObserver>();
  private readonly targets = new Set<Element>();

  constructor(private readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {}

  observe(target: Element): void {
    this.targets.add(target);
    FakeIntersectionObserver.live.add(this);
  }

  unobserve(target: Element): void {
    this.targets.delete(target);
  }

  disconnect(): void {
    this.targets.clear();
    FakeIntersectionObserver.live.delete(this);
  }

  takeRecords(): [] {
    return [];
  }

  static showAll(): void {
    for (const observer of [...FakeIntersectionObserver.live])
      observer.callback([...observer.targets].map((target) => ({ isIntersecting: true, target })));
  }

  static install(): void {
    FakeIntersectionObserver.live.clear();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  }
}
