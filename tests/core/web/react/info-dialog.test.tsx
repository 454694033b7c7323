import { describe, expect, it, vi } from 'vitest';
import { InfoDialog } from '@core/sdk/web';
import type { ReactNode } from 'react';
import {
  buttonByText,
  click,
  createTestKernel,
  renderInKernel,
  testUser,
  setupPopupTests,
} from '@core/sdk/testing-web';

/** InfoDialog: a title, the caller's content and Close, in the reader's language. */

setupPopupTests({ quiet: true });

const render = async (node: ReactNode) => renderInKernel(await createTestKernel({ user: testUser([]) }), node);

describe('InfoDialog', () => {
  it('shows the title and content, and closes with Close', async () => {
    const onClose = vi.fn();
    await render(
      <InfoDialog title="Data of #41" onClose={onClose}>
        <p>alice:pw</p>
      </InfoDialog>,
    );
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    expect(dialog.textContent).toContain('Data of #41');
    expect(dialog.textContent).toContain('alice:pw');
    await click(buttonByText(dialog, 'Close'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('takes another closing label', async () => {
    await render(
      <InfoDialog title="Preview" onClose={() => undefined} closeLabel="Done">
        <p>x</p>
      </InfoDialog>,
    );
    expect(buttonByText(document.querySelector('[role="dialog"]') as HTMLElement, 'Done')).toBeDefined();
  });
});
