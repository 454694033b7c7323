import { expect, type Page } from '@playwright/test';
import type { PluginSidebarEntry } from '../../core/web/plugins/navigation';
import { rawKeyCollector } from './raw-keys';
import { navigation } from './sidebar';
import { mayBeKey, text, type Language } from './strings';

/** Switches a signed-in page to Russian through the top bar and waits for the greeting to change. */
export async function speakRussian(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Russian' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Здравствуйте/ })).toBeVisible();
}

/**
 * Opens each sidebar entry in turn as the signed-in user, in `language`: its heading, then (where
 * the list has them) the "Add filter" menu and the add dialog (the Add button, or one of `addLabels`),
 * each checked for raw i18n keys. Returns what the check found: where, and which keys.
 */
export async function tourScreens(page: Page, language: Language, entries: readonly PluginSidebarEntry[], addLabels: readonly string[] = []): Promise<string[]> {
  const main = page.getByRole('main');
  const { check, findings } = rawKeyCollector(mayBeKey);
  const resourceText = (path: string) => text(language, `resource:${path}`);
  for (const entry of entries) {
    const title = text(language, entry.labelKey);
    await navigation(page).getByRole('link', { name: title, exact: true }).click();
    // A report screen writes its choices into the query (`/cash-flow?period=this_month`).
    await expect(page).toHaveURL(new RegExp(`${entry.path}(\\?.*)?$`));
    await expect(main.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await check(entry.path, main);

    // The generated lists' "Add filter" menus and add dialogs: every field's label in this language.
    const addFilter = main.getByRole('button', { name: resourceText('filter.add') });
    if ((await addFilter.count()) > 0) {
      await addFilter.click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await check(`${entry.path} filters`, menu);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    const add = [resourceText('toolbar.add'), ...addLabels]
      .map((label) => main.getByRole('button', { name: label, exact: true }))
      .reduce((either, next) => either.or(next));
    if ((await add.count()) === 0) continue;
    await add.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await check(`${entry.path} add dialog`, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  return findings;
}
