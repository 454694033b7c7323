/**
 * Made-up plugins spread over every menu group, for the layout tests and for screenshots of a full
 * sidebar (a demo build swaps `host/web/plugins.ts` for a registry of these). No vitest imports:
 * the browser build loads this file too.
 */
import { ContainerModule } from 'inversify';
import type { MenuGroup, PluginManifest, PluginPage } from '@core/shared/manifest';
import { RouteContributionToken } from '@core/web/kernel/contributions';
import { webPlugin, type WebPlugin } from '@core/web/plugins/define-plugin';

interface DemoEntry {
  readonly id: string;
  readonly label: string;
  readonly ru: string;
  readonly icon?: string;
  readonly requires: string;
}

interface DemoArea {
  readonly id: string;
  readonly group: MenuGroup;
  readonly entries: readonly DemoEntry[];
}

export const DEMO_AREAS: readonly DemoArea[] = [
  {
    id: 'demo-dashboards',
    group: 'dashboard',
    entries: [{ id: 'messaging', label: 'Messaging', ru: 'Сообщения', icon: 'chat', requires: 'JA' }],
  },
  {
    id: 'demo-lists',
    group: 'lists',
    entries: [{ id: 'tables', label: 'Google tables', ru: 'Google-таблицы', icon: 'table', requires: 'FG' }],
  },
  {
    id: 'demo-finance',
    group: 'finance',
    entries: [
      { id: 'wallets', label: 'Wallets', ru: 'Кошельки', icon: 'wallet', requires: 'FW' },
      { id: 'transactions', label: 'Transactions', ru: 'Транзакции', icon: 'money', requires: 'FT' },
      { id: 'counterparties', label: 'Counterparties', ru: 'Контрагенты', icon: 'people', requires: 'FC' },
      { id: 'employees', label: 'Employees', ru: 'Сотрудники', icon: 'person', requires: 'FE' },
    ],
  },
  {
    id: 'demo-tracker',
    group: 'tracker',
    entries: [
      { id: 'offers', label: 'Offers', ru: 'Офферы', icon: 'target', requires: 'TO' },
      { id: 'streams', label: 'Streams', ru: 'Потоки', icon: 'branch', requires: 'TS' },
      { id: 'tracker-report', label: 'Full report', ru: 'Полный отчёт', icon: 'chart', requires: 'TR' },
    ],
  },
  {
    id: 'demo-shop',
    group: 'shop',
    entries: [
      { id: 'categories', label: 'Categories', ru: 'Категории', icon: 'tag', requires: 'SC' },
      { id: 'products', label: 'Products', ru: 'Товары', icon: 'box', requires: 'SP' },
      { id: 'orders', label: 'Orders', ru: 'Заказы', icon: 'cart', requires: 'SO' },
    ],
  },
  {
    id: 'demo-system',
    group: 'system',
    entries: [
      { id: 'proxies', label: 'Proxies', ru: 'Прокси', icon: 'globe', requires: 'YP' },
      { id: 'servers', label: 'Servers', ru: 'Серверы', icon: 'server', requires: 'YE' },
      { id: 'domains', label: 'Domains', ru: 'Домены', icon: 'link', requires: 'YD' },
    ],
  },
  {
    id: 'demo-messenger',
    group: 'messenger',
    entries: [{ id: 'tg-bots', label: 'Bots', ru: 'Боты', icon: 'bot', requires: 'MB' }],
  },
  {
    id: 'demo-social',
    group: 'social',
    entries: [
      { id: 'ad-accounts', label: 'Ad accounts', ru: 'Рекламные аккаунты', icon: 'megaphone', requires: 'MA' },
      { id: 'campaigns', label: 'Campaigns', ru: 'Кампании', icon: 'rocket', requires: 'MA' },
    ],
  },
  {
    id: 'demo-admin',
    group: 'admin',
    entries: [
      { id: 'users', label: 'Users list', ru: 'Пользователи', icon: 'people', requires: 'JU' },
      { id: 'roles', label: 'Roles and permissions', ru: 'Роли и права', icon: 'shield', requires: 'JQ' },
      // No icon: shows its group's.
      { id: 'rdp', label: 'RDP servers', ru: 'RDP-серверы', requires: 'VR' },
    ],
  },
];

/** Every code some demo entry needs. */
export const ALL_DEMO_CODES: readonly string[] = [
  ...new Set(DEMO_AREAS.flatMap((area) => area.entries.map((entry) => entry.requires))),
];

export const demoPath = (entry: DemoEntry): string => `/${entry.id}`;

export function demoManifest(area: DemoArea): PluginManifest {
  const pages: PluginPage[] = area.entries.map((entry, order) => ({
    path: demoPath(entry),
    titleKey: `${area.id}:nav.${entry.id}`,
    requires: entry.requires,
    nav: { group: area.group, order, ...(entry.icon ? { icon: entry.icon } : {}) },
  }));
  return {
    id: area.id,
    version: '0.0.1',
    sdk: '^2.0.0',
    titleKey: `${area.id}:title`,
    service: 'system',
    dependencies: [],
    namespaces: [area.id],
    pages,
  };
}

function bundle(area: DemoArea, language: 'en' | 'ru') {
  const nav = Object.fromEntries(area.entries.map((entry) => [entry.id, language === 'en' ? entry.label : entry.ru]));
  return { default: { title: area.id, nav } };
}

function DemoPage() {
  return <p data-testid="demo-page">Demo page</p>;
}

export function demoPlugin(area: DemoArea): WebPlugin {
  const manifest = demoManifest(area);
  const module = new ContainerModule(({ bind }) => {
    for (const route of manifest.pages)
      bind(RouteContributionToken).toConstantValue({ path: route.path, component: DemoPage });
  });
  return webPlugin(manifest, {
    translations: { en: async () => bundle(area, 'en'), ru: async () => bundle(area, 'ru') },
    load: async () => ({ default: module }),
  });
}

export const DEMO_PLUGINS: readonly WebPlugin[] = DEMO_AREAS.map(demoPlugin);
