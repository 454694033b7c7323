import type { Locator, Page } from '@playwright/test';

/** The sidebar's navigation, in either language. */
export function navigation(page: Page): Locator {
  return page.getByRole('navigation', { name: /^(Main navigation|Главное меню)$/ });
}

export interface SidebarGroup {
  readonly group: string;
  readonly links: { readonly text: string; readonly href: string }[];
}

/** The sidebar as drawn: each group's name with the text and target of its links, in order. */
export async function sidebar(page: Page): Promise<SidebarGroup[]> {
  return navigation(page).evaluate((nav) =>
    [...nav.querySelectorAll('[role="group"]')].map((group) => ({
      group: document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? '',
      links: [...group.querySelectorAll('a')].map((link) => ({
        text: link.textContent?.trim() ?? '',
        href: link.getAttribute('href') ?? '',
      })),
    })),
  );
}
