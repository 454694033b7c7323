import { expect, type Locator } from '@playwright/test';

/**
 * What a missing translation looks like on screen: `namespace:key.path` (the key as asked for) or
 * `key.path` (what i18next shows for a missing key: the key without its namespace). A token counts
 * only whole: not inside an e-mail address, a path or a longer dotted word, and a dotted key's parts
 * start with a letter, so numbers (1.08), dates and times (06:10) never match.
 */
const RAW_KEY =
  /(?<![\w@/.:-])(?:[a-z][a-zA-Z0-9_-]*:[a-zA-Z][a-zA-Z0-9_-]*(?:\.[a-zA-Z0-9_-]+)*|[a-z][a-zA-Z0-9_]*(?:\.[a-zA-Z][a-zA-Z0-9_]*)+)(?![\w@/.:-])/g;

/** Which key-shaped tokens count (productStrings' `mayBeKey`); every one by default. */
export type KeyFilter = (token: string) => boolean;

/**
 * Raw keys in what `scope` shows: its visible text and the placeholders, titles and labels of the
 * elements in it (what a tooltip, an empty input or a screen reader would say), and the page title.
 * Also returns how much visible text there was, so a caller can tell an empty scope from a clean one.
 * `mayBeKey` leaves out data that only looks like a key (a `login:password` format, `anna.petrova`).
 */
export async function rawKeys(
  scope: Locator,
  mayBeKey: KeyFilter = () => true,
): Promise<{ keys: string[]; textLength: number }> {
  const { texts, textLength } = await scope.evaluate((root) => {
    const element = root as HTMLElement;
    const collected = [element.innerText, document.title];
    for (const node of element.querySelectorAll('[placeholder], [title], [aria-label]')) {
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = node.getAttribute(name);
        if (value) collected.push(value);
      }
    }
    return { texts: collected, textLength: element.innerText.trim().length };
  });
  const keys = texts.flatMap((text) => [...text.matchAll(RAW_KEY)].map((match) => match[0])).filter(mayBeKey);
  return { keys: [...new Set(keys)], textLength };
}

/** Waits until nothing in `scope` is loading (no busy region, spinner or skeleton). */
export async function settled(scope: Locator): Promise<void> {
  await expect(scope.locator('[aria-busy="true"], .fui-Spinner, .fui-Skeleton')).toHaveCount(0);
}

/**
 * Collects raw keys screen by screen: `check(where, scope)` waits for the scope to settle, insists
 * it says something (a scope with almost no text would pass any check) and notes every key found
 * under `where`; `findings` is what a spec finally expects to be empty.
 */
export function rawKeyCollector(mayBeKey?: KeyFilter): {
  check(where: string, scope: Locator): Promise<void>;
  readonly findings: string[];
} {
  const findings: string[] = [];
  return {
    findings,
    async check(where, scope) {
      await settled(scope);
      const { keys, textLength } = await rawKeys(scope, mayBeKey);
      expect(textLength, `text in ${where}`).toBeGreaterThan(20);
      findings.push(...keys.map((key) => `${where}: ${key}`));
    },
  };
}
