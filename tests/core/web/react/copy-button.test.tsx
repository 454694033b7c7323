import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '@core/sdk/web';
import {
  buttonByText,
  click,
  createTestKernel,
  query,
  recordToasts,
  renderInKernel,
  testUser,
  waitInAct,
} from '@core/sdk/testing-web';

const clipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

async function render(node: ReactNode) {
  const kernel = await createTestKernel({ user: testUser([]) });
  const toasts = recordToasts(kernel);
  const view = await renderInKernel(kernel, node);
  return { view, toasts };
}

afterEach(() => vi.restoreAllMocks());

describe('CopyButton', () => {
  it('copies the text and says so, without putting the text in the page', async () => {
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    const { view, toasts } = await render(<CopyButton text="secret:pw" />);
    await click(buttonByText(view.element, 'Copy'));
    expect(writeText).toHaveBeenCalledWith('secret:pw');
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([['success', 'Copied to the clipboard']]),
    );
    expect(view.element.innerHTML).not.toContain('secret:pw');
  });

  it('asks to copy by hand when the browser refuses', async () => {
    clipboard(async () => Promise.reject(new Error('denied')));
    const { view, toasts } = await render(<CopyButton text="x" />);
    await click(buttonByText(view.element, 'Copy'));
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([
        ['error', 'The browser did not allow copying: select the text and copy it.'],
      ]),
    );
  });

  it('is a small icon button named by its label when compact, with the caller’s wording', async () => {
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    const { view, toasts } = await render(
      <CopyButton text="https://example.com" label="Copy link" copiedMessage="Link copied." compact />,
    );
    const button = query<HTMLButtonElement>(view.element, 'button[data-copy]');
    expect(button.textContent).toBe('');
    expect(button.getAttribute('aria-label')).toBe('Copy link');
    await click(button);
    expect(writeText).toHaveBeenCalledWith('https://example.com');
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['Link copied.']));
  });
});
