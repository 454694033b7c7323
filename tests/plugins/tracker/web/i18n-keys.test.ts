import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredTextKeys, missingTexts, textAt } from '@core/sdk/testing';
import { trackerManifest } from '@plugins/tracker/manifest';
import { SYNC_STATES, TRACKER_RESOURCES } from '@plugins/tracker/shared/resources';

const bundle = (language: string): unknown =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../../../plugins/tracker/web/i18n/${language}.json`), 'utf8'),
  );

describe.each(['en', 'ru'])('tracker %s texts', (language) => {
  it('cover every key the manifest and the resource definitions use', () => {
    expect(missingTexts(bundle(language), 'tracker', declaredTextKeys(trackerManifest, TRACKER_RESOURCES))).toEqual([]);
  });

  it('name every Keitaro sync state, what it means, and the sync row action', () => {
    for (const state of SYNC_STATES) {
      expect(typeof textAt(bundle(language), `fields.syncStateValues.${state}`)).toBe('string');
      expect(typeof textAt(bundle(language), `sync.meanings.${state}`)).toBe('string');
    }
    expect(textAt(bundle(language), 'actions.sync')).toBe(
      language === 'en' ? 'Sync with Keitaro' : 'Синхронизировать с Keitaro',
    );
  });
});
