import { expect, type Page } from '@playwright/test';

/** Switches a signed-in page to Russian through the top bar and waits for the greeting to change. */
export async function speakRussian(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Russian' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Здравствуйте/ })).toBeVisible();
}
