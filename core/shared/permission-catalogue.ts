import type { ServiceName } from './services';

export interface CatalogueEntry {
  readonly code: string;
  readonly service: ServiceName;
  readonly description: string;
}

/**
 * Every code spec §6 uses, in both readings (the area flag groups and the sidebar items),
 * seeded into the permission catalogue on first start.
 */
export const PERMISSION_CATALOGUE: readonly CatalogueEntry[] = [
  { code: 'JA', service: 'auth', description: 'Articles' },
  { code: 'JS', service: 'auth', description: 'System settings' },
  { code: 'JU', service: 'auth', description: 'Users' },
  { code: 'JQ', service: 'auth', description: 'Roles and permissions' },
  { code: 'JT', service: 'auth', description: 'Roles and permissions (alternative code)' },
  { code: 'VR', service: 'auth', description: 'Keitaro servers and RDP servers' },
  { code: 'MA', service: 'social', description: 'Social-ad accounts' },
  { code: 'MC', service: 'social', description: 'Conversion API' },
  { code: 'FO', service: 'social', description: 'Social-ad services' },
  { code: 'MD', service: 'social', description: 'Social-ad area (flag group)' },
  { code: 'MP', service: 'social', description: 'Social-ad pages (flag group)' },
  { code: 'MQ', service: 'social', description: 'Social-ad area (flag group)' },
  { code: 'MS', service: 'social', description: 'Social-ad area (flag group)' },
  { code: 'MV', service: 'social', description: 'Social-ad area (flag group)' },
  { code: 'SC', service: 'shop', description: 'Shop categories' },
  { code: 'SP', service: 'shop', description: 'Shop products' },
  { code: 'SQ', service: 'shop', description: 'Shop positions' },
  { code: 'SO', service: 'shop', description: 'Shop orders' },
  { code: 'SM', service: 'shop', description: 'Manual transfer of orders' },
  { code: 'SS', service: 'shop', description: 'Setup products' },
  { code: 'SR', service: 'shop', description: 'Shop reports' },
  { code: 'TF', service: 'tracker', description: 'Finance projects' },
  { code: 'TA', service: 'tracker', description: 'Advertisers' },
  { code: 'TT', service: 'tracker', description: 'Trackers' },
  { code: 'TO', service: 'tracker', description: 'Offers' },
  { code: 'TS', service: 'tracker', description: 'Streams' },
  { code: 'TB', service: 'tracker', description: 'Bizdev deals' },
  { code: 'TL', service: 'tracker', description: 'Bizdev limits' },
  { code: 'TR', service: 'tracker', description: 'Bizdev requests and the full tracker report' },
  { code: 'YP', service: 'system', description: 'Proxies' },
  { code: 'YS', service: 'system', description: 'Services' },
  { code: 'YE', service: 'system', description: 'Servers' },
  { code: 'YQ', service: 'system', description: 'Sites' },
  { code: 'YA', service: 'system', description: 'Projects' },
  { code: 'YD', service: 'system', description: 'Domains' },
  { code: 'YU', service: 'system', description: 'Domain users' },
  { code: 'YT', service: 'system', description: 'Languages' },
  { code: 'YL', service: 'system', description: 'Country languages' },
  { code: 'FP', service: 'finance', description: 'Service payments' },
  { code: 'FW', service: 'finance', description: 'Wallets' },
  { code: 'FD', service: 'finance', description: 'Divisions' },
  { code: 'FG', service: 'finance', description: 'Spreadsheet tables' },
  { code: 'FN', service: 'finance', description: 'Positions' },
  { code: 'FA', service: 'finance', description: 'Finance articles' },
  { code: 'FT', service: 'finance', description: 'Transactions' },
  { code: 'FF', service: 'finance', description: 'Transaction drafts' },
  { code: 'FS', service: 'finance', description: 'Finance projects' },
  { code: 'FV', service: 'finance', description: 'Finance area (flag group)' },
  { code: 'FE', service: 'finance', description: 'Finance area (flag group)' },
  { code: 'FC', service: 'finance', description: 'Counterparties' },
  { code: 'FH', service: 'finance', description: 'Finance area (flag group)' },
  { code: 'FZ', service: 'finance', description: 'Agencies (teams)' },
  { code: 'FL', service: 'finance', description: 'Verticals' },
  { code: 'FJ', service: 'finance', description: 'Employees' },
  { code: 'MB', service: 'messenger', description: 'Messenger bots' },
];
