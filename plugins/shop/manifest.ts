import { permissionsOf, type PluginManifest } from '@core/sdk/shared';

const code = permissionsOf('shop');

/**
 * The shop: the agency's internal store of ad assets.
 * Its API is the `shop` service. Team bots are messenger bots running the shop's order handler,
 * hence the dependency on the messenger plugin.
 */
export const shopManifest: PluginManifest = {
  id: 'shop',
  version: '0.1.0',
  sdk: '^2.2.0',
  titleKey: 'shop:title',
  service: 'shop',
  dependencies: ['messenger'],
  // Its team orders go to Google Sheets through finance's spreadsheets service, when finance runs.
  optionalDependencies: ['finance'],
  namespaces: ['shop'],
  pages: [
    {
      path: '/categories',
      titleKey: 'shop:nav.categories',
      requires: 'SC',
      record: 'shop.categories',
      nav: { group: 'shop', icon: 'apps-list' },
    },
    {
      path: '/products',
      titleKey: 'shop:nav.products',
      requires: 'SP',
      record: 'shop.products',
      nav: { group: 'shop', icon: 'box' },
    },
    {
      path: '/position',
      titleKey: 'shop:nav.positions',
      requires: 'SQ',
      record: 'shop.positions',
      nav: { group: 'shop', icon: 'archive' },
    },
    {
      path: '/orders',
      titleKey: 'shop:nav.orders',
      requires: 'SO',
      record: 'shop.orders',
      nav: { group: 'shop', icon: 'cart' },
    },
    // Agency teams are run by the people who run the orders: SO (the spec gives the screen no code).
    {
      path: '/shop-teams',
      titleKey: 'shop:nav.teams',
      requires: 'SO',
      record: 'shop.teams',
      nav: { group: 'shop', icon: 'community' },
    },
    {
      path: '/manual-transfer',
      titleKey: 'shop:nav.manualTransfer',
      requires: 'SM',
      nav: { group: 'shop', icon: 'transfer' },
    },
    {
      path: '/setup-product',
      titleKey: 'shop:nav.setupProducts',
      requires: 'SS',
      record: 'shop.setup-tasks',
      nav: { group: 'shop', icon: 'wrench' },
    },
    {
      path: '/reports',
      titleKey: 'shop:nav.reports',
      requires: 'SR',
      record: 'shop.reports',
      nav: { group: 'shop', icon: 'chart-bar' },
    },
  ],
  // The shop's codes.
  permissions: [
    code('SC', 'Shop categories', 'Категории магазина'),
    code('SP', 'Shop products', 'Товары магазина'),
    code('SQ', 'Shop positions (stock and its data)', 'Позиции магазина (запас и его данные)'),
    code('SO', 'Shop orders and agency teams', 'Заказы магазина и команды агентства'),
    code('SM', 'Manual transfer of orders', 'Ручная передача заказов'),
    code('SS', 'Setup products', 'Настройка товаров'),
    code('SR', 'Shop reports', 'Отчёты магазина'),
  ],
  areaFlags: { shop: ['SC', 'SP', 'SQ', 'SO', 'SM', 'SS', 'SR'] },
};
