import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredTextKeys, missingTexts, textAt } from '@core/sdk/testing';
import { messengerManifest } from '@plugins/messenger/manifest';
import { MESSENGER_RESOURCES } from '@plugins/messenger/shared/resources';

const bundle = (language: string): unknown =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../../../plugins/messenger/web/i18n/${language}.json`), 'utf8'),
  );

describe.each(['en', 'ru'])('messenger %s texts', (language) => {
  it('cover every key the manifest and the resource definitions use', () => {
    expect(
      missingTexts(bundle(language), 'messenger', declaredTextKeys(messengerManifest, MESSENGER_RESOURCES)),
    ).toEqual([]);
  });

  it('name the page as the screens and the sidebar quote it', () => {
    expect(textAt(bundle(language), 'nav.bots')).toBe(language === 'en' ? 'Bots' : 'Боты');
  });
});
