import { describe, expect, it, vi } from 'vitest';
import { act, useState, type ReactNode } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { FormDialog, useFormErrors } from '@core/sdk/web';
import type { Language } from '@core/shared/runtime-config';
import {
  buttonByText,
  click,
  createTestKernel,
  renderInKernel,
  testUser,
  typeInto,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';

/**
 * FormDialog: closing it with changes not saved asks first, in the reader's language; an unchanged
 * one closes at once. useFormErrors: a plugin form's message goes as soon as its field changes.
 */

setupPopupTests({ quiet: true });

function NameForm({ onClose, dirty }: { readonly onClose: () => void; readonly dirty?: boolean }) {
  const [name, setName] = useState('');
  return (
    <FormDialog
      title="Rename"
      onSubmit={() => undefined}
      onClose={onClose}
      busy={false}
      {...(dirty === undefined ? {} : { dirty })}
    >
      <Field label="Name">
        <Input value={name} onChange={(_, data) => setName(data.value)} />
      </Field>
    </FormDialog>
  );
}

/** A plugin's form as they are written: its own check on Save, its messages kept by useFormErrors. */
function CheckedNameForm() {
  const [name, setName] = useState('');
  const errors = useFormErrors({ name });
  const submit = () =>
    errors.show(name.trim().length < 3 ? { name: [name.trim() === '' ? 'Required.' : 'Too short.'] } : {});
  return (
    <FormDialog title="Rename" onSubmit={submit} onClose={() => undefined} busy={false}>
      <Field label="Name" validationMessage={errors.first('name')}>
        <Input value={name} onChange={(_, data) => setName(data.value)} />
      </Field>
    </FormDialog>
  );
}

async function render(node: ReactNode, language: Language = 'en'): Promise<void> {
  await renderInKernel(await createTestKernel({ user: testUser([]), language }), node);
}

const form = (): HTMLElement => document.querySelector('[role="dialog"]') as HTMLElement;
const question = (): HTMLElement | null => document.querySelector('[role="alertdialog"]');
const nameInput = (): HTMLInputElement => form().querySelector('input') as HTMLInputElement;
const pressEscape = (target: HTMLElement) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });

describe('FormDialog', () => {
  it('closes an unchanged form at once', async () => {
    const onClose = vi.fn();
    await render(<NameForm onClose={onClose} />);
    await click(buttonByText(form(), 'Cancel'));
    expect(question()).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks before dropping typed changes, and keeps them on "Keep editing"', async () => {
    const onClose = vi.fn();
    await render(<NameForm onClose={onClose} />);
    await typeInto(nameInput(), 'Alice');
    await click(buttonByText(form(), 'Cancel'));
    await waitInAct(() => expect(question()?.textContent).toContain('Discard changes?'));
    await click(buttonByText(question() as HTMLElement, 'Keep editing'));
    await waitInAct(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(nameInput().value).toBe('Alice');

    await pressEscape(nameInput());
    await waitInAct(() => expect(question()?.textContent).toContain('Discard changes?'));
    // Escape on the question answers it alone: the form stays, as it was.
    await pressEscape(buttonByText(question() as HTMLElement, 'Discard'));
    await waitInAct(() => expect(question()).toBeNull());
    expect(form()).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await pressEscape(nameInput());
    await waitInAct(() => expect(question()?.textContent).toContain('Discard changes?'));
    await click(buttonByText(question() as HTMLElement, 'Discard'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("takes the caller's word on whether the form holds changes", async () => {
    const onClose = vi.fn();
    await render(<NameForm onClose={onClose} dirty={false} />);
    await typeInto(nameInput(), 'Alice');
    await click(buttonByText(form(), 'Cancel'));
    expect(question()).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks in Russian', async () => {
    await render(<NameForm onClose={() => undefined} />, 'ru');
    await typeInto(nameInput(), 'Алиса');
    await click(buttonByText(form(), 'Отмена'));
    await waitInAct(() => expect(question()?.textContent).toContain('Отменить изменения?'));
    expect(buttonByText(question() as HTMLElement, 'Продолжить редактирование')).toBeDefined();
    expect(buttonByText(question() as HTMLElement, 'Не сохранять')).toBeDefined();
  });

  it("drops a plugin form's message as soon as its field changes, and the next Save says what is wrong then", async () => {
    await render(<CheckedNameForm />);
    await click(buttonByText(form(), 'Save'));
    expect(form().textContent).toContain('Required.');
    await typeInto(nameInput(), 'Al');
    expect(form().textContent).not.toContain('Required.');
    await click(buttonByText(form(), 'Save'));
    expect(form().textContent).toContain('Too short.');
    await typeInto(nameInput(), 'Alice');
    expect(form().textContent).not.toContain('Too short.');
    await click(buttonByText(form(), 'Save'));
    expect(form().querySelector('.fui-Field__validationMessage')).toBeNull();
  });
});
