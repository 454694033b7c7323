/**
 * The product's translations for the specs (@core/sdk/testing-e2e's productStrings): the core's and
 * those of every plugin the web build holds (host/web/plugins.ts), so a new plugin's keys are here
 * without an edit.
 */
import { pluginManifests, productStrings } from '@core/sdk/testing-e2e';
import { PLUGIN_CODE } from '@host/web/plugins';

export type { Language } from '@core/sdk/testing-e2e';

const strings = productStrings(await pluginManifests(Object.keys(PLUGIN_CODE)));

export const { text, english } = strings;
