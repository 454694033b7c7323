/**
 * The product's translations for the specs (@core/sdk/testing-e2e's productStrings): the core's and
 * those of every plugin the web build holds, so a new plugin's keys are here without an edit.
 * host/web/plugins.ts is read, not run: its plugins' code is browser code Playwright cannot load.
 */
import { join } from 'node:path';
import { pluginManifests, productStrings } from '@core/sdk/testing-e2e';
import { importedSpecifiers, readSource, REPO_ROOT } from '@core/sdk/tooling/source-files';

export type { Language } from '@core/sdk/testing-e2e';

/** The ids host/web/plugins.ts imports the code of (`import admin from '@plugins/admin/web'`). */
const webBuildPlugins = importedSpecifiers(readSource(join(REPO_ROOT, 'host/web/plugins.ts'))).flatMap(
  (specifier) => /^@plugins\/([^/]+)\/web$/.exec(specifier)?.[1] ?? [],
);

const strings = productStrings(await pluginManifests(webBuildPlugins));

export const { text, english, mayBeKey } = strings;
