/**
 * Acting on rendered DOM the way a user would, inside React's `act` so the resulting renders and
 * effects have run when each helper returns.
 */
import { act } from 'react';

/** The element matching `selector` inside `scope`; throws (naming the selector) when there is none. */
export function query<E extends Element = HTMLElement>(scope: ParentNode, selector: string): E {
  const found = scope.querySelector<E>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

/** The button whose text is `text`. */
export function buttonByText(scope: ParentNode, text: string): HTMLButtonElement {
  const button = [...scope.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === text);
  if (!button) throw new Error(`no button reads "${text}"`);
  return button;
}

/**
 * Types into an input or textarea. React tracks the value it last rendered, so the value is set
 * through the prototype's setter (as the browser does) before the `input` event React listens to.
 */
export async function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) throw new Error('this environment has no value setter');
  await act(async () => {
    setValue.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
  });
}

/** Submits a form as pressing Enter or its submit button would. */
export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.requestSubmit();
  });
}

/** Waits (inside `act`) until the open menu shows its items, and gives them. */
async function menuItems(): Promise<HTMLElement[]> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const items = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    if (items.length > 0) return items;
    if (Date.now() > deadline) throw new Error('no menu opened');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/** Opens the row menu of the engine list's record labelled `label` inside `scope`, and gives its items' texts. */
export async function openRowMenu(scope: ParentNode, label: string): Promise<string[]> {
  await click(query<HTMLButtonElement>(scope, `button[aria-label="Actions for ${label}"]`));
  return (await menuItems()).map((item) => item.textContent?.trim() ?? '');
}

/** Opens the row menu of the record labelled `label` inside `scope` and picks the item reading `item`. */
export async function runRowAction(scope: ParentNode, label: string, item: string): Promise<void> {
  await click(query<HTMLButtonElement>(scope, `button[aria-label="Actions for ${label}"]`));
  const entry = (await menuItems()).find((candidate) => candidate.textContent?.trim() === item);
  if (!entry) throw new Error(`no menu item "${item}"`);
  await click(entry);
}
