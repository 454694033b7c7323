/**
 * The plugin SDK's kit for Playwright specs (e2e): the built server started as `npm start` starts
 * it, the API as one signed-in user, a user holding exactly chosen codes, the product's strings
 * by key in either language, and the check that no raw translation key shows on screen.
 *
 * Every name exported here is listed in core/sdk/exports.json (see @core/sdk/shared).
 */

/** The built server (dist/server/main.js) on a free port with chosen plugins and a fresh data directory. */
export {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  freshDataDir,
  startProductionServer,
  type ProductionServer,
  type ServerOptions,
} from './testing-e2e/server';

/**
 * The API outside any page: `Api.signIn(baseURL)` as the seeded superadmin (or anyone), and
 * `userWithCodes(admin, name, codes)` — a role holding exactly `codes` and a user holding that role.
 */
export { Api, userWithCodes, type ApiAnswer, type ApiRecord, type RoleUser } from './testing-e2e/api';

/** Text by key (`text('ru', 'finance:nav.wallets')`) from the files the app ships; throws on a key nobody ships. */
export {
  pluginManifests,
  productStrings,
  type Language,
  type ProductStrings,
  type Values,
} from './testing-e2e/strings';

/** Raw keys (`finance:nav.wallets`, `nav.wallets`) in what a scope shows, and a collector of them screen by screen. */
export { rawKeyCollector, rawKeys, settled, type KeyFilter } from './testing-e2e/raw-keys';
