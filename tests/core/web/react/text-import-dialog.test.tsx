import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '@core/sdk/shared';
import { HttpError, TextImportDialog, type TextImportDialogProps, type TextImportOutcome } from '@core/sdk/web';
import {
  buttonByText,
  click,
  createTestKernel,
  query,
  renderInKernel,
  testUser,
  typeInto,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';

setupPopupTests({ quiet: true });

type Sender = (text: string) => Promise<TextImportOutcome>;

/** The dialog as a page shows it: open until it asks to close. */
function Host(props: Omit<TextImportDialogProps, 'onClose'> & { readonly closed: () => void }) {
  const [open, setOpen] = useState(true);
  if (!open) return <p>closed</p>;
  return (
    <TextImportDialog
      {...props}
      onClose={() => {
        props.closed();
        setOpen(false);
      }}
    />
  );
}

async function render(onSubmit: Sender, options: Partial<TextImportDialogProps> & { language?: Language } = {}) {
  const { language = 'en', ...rest } = options;
  const kernel = await createTestKernel({ user: testUser([]), language });
  const closed = vi.fn();
  const view = await renderInKernel(
    kernel,
    <Host title="Load lines" submitLabel="Load" input="paste" onSubmit={onSubmit} closed={closed} {...rest} />,
  );
  await waitInAct(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
  return { view, closed, dialog: query<HTMLElement>(document, '[role="dialog"]') };
}

const textarea = (dialog: HTMLElement) => query<HTMLTextAreaElement>(dialog, 'textarea');

async function chooseFile(dialog: HTMLElement, content: string): Promise<void> {
  const input = query<HTMLInputElement>(dialog, 'input[type="file"]');
  Object.defineProperty(input, 'files', {
    value: [new File([content], 'lines.csv', { type: 'text/csv' })],
    configurable: true,
  });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('TextImportDialog', () => {
  it('asks for text before sending anything', async () => {
    const onSubmit = vi.fn<Sender>();
    const { dialog } = await render(onSubmit);
    await typeInto(textarea(dialog), '   \n ');
    await click(buttonByText(dialog, 'Load'));
    expect(dialog.textContent).toContain('Paste the text or choose a file.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lists the refused lines (by line, by cell, or as the server wrote them) and keeps the text to correct', async () => {
    const onSubmit = vi.fn<Sender>(async () => ({
      kind: 'report',
      intent: 'error',
      message: 'Nothing was written.',
      lines: [
        { line: null, message: 'The file has no header.' },
        { line: 2, message: 'Too short.' },
        { line: 3, column: 'Amount', message: 'Not a number.' },
      ],
    }));
    const { dialog, closed } = await render(onSubmit, { textHint: (text) => `Characters: ${text.length}` });
    await typeInto(textarea(dialog), 'a\nb\nc');
    expect(dialog.textContent).toContain('Characters: 5');
    await click(buttonByText(dialog, 'Load'));
    await waitInAct(() => expect(dialog.textContent).toContain('Nothing was written.'));
    expect(onSubmit).toHaveBeenCalledWith('a\nb\nc');
    expect([...dialog.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'The file has no header.',
      'Line 2: Too short.',
      'Line 3, Amount: Not a number.',
    ]);
    expect(query(dialog, 'ul').getAttribute('aria-label')).toBe('Refused lines');
    expect(textarea(dialog).value).toBe('a\nb\nc');
    expect(closed).not.toHaveBeenCalled();
  });

  it('empties the text when the good lines went in and only the listed ones are left', async () => {
    const { dialog } = await render(
      async () => ({
        kind: 'report',
        intent: 'warning',
        message: 'Lines skipped: 1.',
        lines: [{ line: 2, message: 'Bad.' }],
        clearText: true,
      }),
      { linesLabel: 'Skipped lines' },
    );
    await typeInto(textarea(dialog), 'good\nbad');
    await click(buttonByText(dialog, 'Load'));
    await waitInAct(() => expect(dialog.textContent).toContain('Lines skipped: 1.'));
    expect(textarea(dialog).value).toBe('');
    expect(query(dialog, 'ul').getAttribute('aria-label')).toBe('Skipped lines');
  });

  it('closes on done', async () => {
    const { view, closed, dialog } = await render(async () => ({ kind: 'done' }));
    await typeInto(textarea(dialog), 'line');
    await click(buttonByText(dialog, 'Load'));
    await waitInAct(() => expect(view.element.textContent).toContain('closed'));
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('cannot send twice or be closed while a send runs, and shows a spinner', async () => {
    let finish: (outcome: TextImportOutcome) => void = () => undefined;
    const onSubmit = vi.fn<Sender>(() => new Promise<TextImportOutcome>((resolve) => (finish = resolve)));
    const { dialog, closed } = await render(onSubmit, { progress: <p data-testid="progress">Sent 1 of 2</p> });
    await typeInto(textarea(dialog), 'line');
    await click(buttonByText(dialog, 'Load'));
    await waitInAct(() => expect(buttonByText(dialog, 'Load').disabled).toBe(true));
    expect(query(dialog, 'form').getAttribute('aria-busy')).toBe('true');
    expect(dialog.querySelector('.fui-Spinner')).not.toBeNull();
    expect(query(dialog, '[data-testid="progress"]').textContent).toBe('Sent 1 of 2');
    expect(buttonByText(dialog, 'Close').disabled).toBe(true);
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(closed).not.toHaveBeenCalled();
    await act(async () => finish({ kind: 'report', intent: 'success', message: 'Loaded.' }));
    await waitInAct(() => expect(dialog.textContent).toContain('Loaded.'));
    expect(dialog.querySelector('[data-testid="progress"]')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await click(buttonByText(dialog, 'Close'));
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('waits for the caller’s own fields', async () => {
    const { dialog } = await render(vi.fn<Sender>(), { ready: false, children: <p>Pick a product</p> });
    expect(dialog.textContent).toContain('Pick a product');
    expect(buttonByText(dialog, 'Load').disabled).toBe(true);
  });

  describe('with a file', () => {
    it('fills the text area from a file read in the browser', async () => {
      const { dialog } = await render(vi.fn<Sender>());
      await chooseFile(dialog, 'x,y\n1,2');
      await waitInAct(() => expect(textarea(dialog).value).toBe('x,y\n1,2'));
    });

    it('sends a chosen file’s text, and asks for one first', async () => {
      const onSubmit = vi.fn<Sender>(async () => ({ kind: 'report', intent: 'success', message: 'Imported: 1.' }));
      const { dialog } = await render(onSubmit, { input: 'file', fileLabel: 'CSV file', accept: '.csv' });
      expect(dialog.querySelector('textarea')).toBeNull();
      expect(query(dialog, 'input[type="file"]').getAttribute('accept')).toBe('.csv');
      expect(dialog.textContent).toContain('CSV file');
      await click(buttonByText(dialog, 'Load'));
      expect(dialog.textContent).toContain('Choose a file.');
      await chooseFile(dialog, 'x,y\n1,2');
      await click(buttonByText(dialog, 'Load'));
      await waitInAct(() => expect(dialog.textContent).toContain('Imported: 1.'));
      expect(onSubmit).toHaveBeenCalledWith('x,y\n1,2');
      expect(dialog.textContent).not.toContain('Choose a file.');
    });
  });

  it('shows a failed send as the server’s message, or a general one', async () => {
    const onSubmit = vi
      .fn<Sender>()
      .mockRejectedValueOnce(new HttpError(409, ['Busy'], { message: 'Another load is running.' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { dialog } = await render(onSubmit);
    await typeInto(textarea(dialog), 'line');
    await click(buttonByText(dialog, 'Load'));
    await waitInAct(() => expect(dialog.textContent).toContain('Another load is running.'));
    await click(buttonByText(dialog, 'Load'));
    await waitInAct(() => expect(dialog.textContent).toContain('The import failed.'));
    expect(textarea(dialog).value).toBe('line');
  });

  it('reads in Russian', async () => {
    const { dialog } = await render(
      async () => ({ kind: 'report', intent: 'error', message: '', lines: [{ line: 4, message: 'Плохо.' }] }),
      { language: 'ru' },
    );
    expect(buttonByText(dialog, 'Закрыть')).toBeDefined();
    await typeInto(textarea(dialog), 'line');
    await click(buttonByText(dialog, 'Load'));
    await waitInAct(() => expect(dialog.textContent).toContain('Строка 4: Плохо.'));
  });
});
