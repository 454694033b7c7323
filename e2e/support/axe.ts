import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[] }[];
}

/**
 * Runs axe-core in the page (through the debugging protocol, so the page's Content-Security-Policy
 * is left as it is) and returns the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: { exclude: string[][] }) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // Fluent's focus manager (tabster) puts invisible, aria-hidden sentinels beside toolbars and
    // dialogs that hand focus on to the real controls the moment they receive it; they are not content.
    return (await axe.run({ exclude: [['[data-tabster-dummy]']] })).violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
