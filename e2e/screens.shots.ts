import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { speakRussian } from './support/screen-tour';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ProductionServer } from './support/server';
import { signIn } from './support/session';
import { axeFindings, openScreen, startTourServer, TOUR_SCREENS } from './support/tour';

// Run by `npm run screens` (e2e/screens.config.ts), not by `npm test`: a screenshot of every screen
// in each language, theme and width, and the dark theme checked with axe (the tour checks the light).
// SCREENS_URL (with SCREENS_EMAIL and SCREENS_PASSWORD) points it at a running server instead of
// a fresh demo one.

const LOOKS = (['en', 'ru'] as const).flatMap((language) =>
  (['light', 'dark'] as const).flatMap((theme) => ([1280, 1600] as const).map((width) => ({ language, theme, width }))),
);

/** A screen's file name: its place in the tour and its path (`07-cash-flow`). */
const fileName = (at: number, path: string) =>
  `${String(at + 1).padStart(2, '0')}-${path.replace(/^\//, '').replace(/[^\w-]+/g, '-')}.png`;

let server: ProductionServer | null = null;
test.beforeAll(async () => {
  if (!process.env.SCREENS_URL) server = await startTourServer();
});
test.afterAll(async () => {
  await server?.stop();
});

for (const { language, theme, width } of LOOKS) {
  test(`every screen in ${language}, ${theme}, ${width} px`, async ({ browser }) => {
    const baseURL = process.env.SCREENS_URL ?? server?.url;
    const context = await browser.newContext({ baseURL, colorScheme: theme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    // A server still seeding the demo answers "busy" for a moment.
    await expect(() =>
      signIn(page, process.env.SCREENS_EMAIL ?? ADMIN_EMAIL, process.env.SCREENS_PASSWORD ?? ADMIN_PASSWORD),
    ).toPass({ timeout: 60_000 });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    if (language === 'ru') await speakRussian(page);
    const folder = `e2e/output/screens/${language}-${theme}-${width}`;
    mkdirSync(folder, { recursive: true });
    const findings: string[] = [];
    for (const [at, screen] of TOUR_SCREENS.entries()) {
      await openScreen(page, screen, language);
      await page.screenshot({ path: `${folder}/${fileName(at, screen.path)}` });
      if (theme === 'dark')
        findings.push(...(await axeFindings(page)).map((violation) => `${screen.path}: ${violation}`));
    }
    expect(findings).toEqual([]);
    await context.close();
  });
}
