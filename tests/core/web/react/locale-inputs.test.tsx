import { useState, type ReactNode } from 'react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@core/sdk/shared';
import { DateInput, DateTimeInput, MonthInput, NumberInput } from '@core/sdk/web';
import {
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

const NBSP = '\u00a0';

async function render(node: ReactNode, language: Language) {
  const kernel = await createTestKernel({ user: testUser([]), language });
  return renderInKernel(kernel, node);
}

/** A field holding its value as a form does, the stored value written beside it for the test to read. */
function Held({
  initial,
  input,
}: {
  readonly initial: string;
  readonly input: (value: string, onChange: (value: string) => void) => ReactNode;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {input(value, setValue)}
      <output data-stored>{value}</output>
    </>
  );
}

const stored = () => query(document.body, 'output[data-stored]').textContent;
const input = () => query<HTMLInputElement>(document.body, 'input');
const focus = (element: HTMLElement) => act(async () => element.focus());
const blur = (element: HTMLElement) => act(async () => element.blur());

/** Types as a user does: into the focused field, then leaves it. */
async function typeAndLeave(text: string): Promise<void> {
  await focus(input());
  await typeInto(input(), text);
  await blur(input());
}

describe('NumberInput', () => {
  it('shows a stored decimal in the language’s form, every stored digit kept', async () => {
    await render(
      <Held initial="1234.50" input={(value, onChange) => <NumberInput value={value} onChange={onChange} />} />,
      'ru',
    );
    expect(input().value).toBe(`1${NBSP}234,50`);
  });

  it.each([
    ['ru', '1 234,56', `1${NBSP}234,56`],
    ['ru', '1234.56', `1${NBSP}234,56`],
    ['en', '1,234.56', '1,234.56'],
    ['en', '-0.5', '-0.5'],
  ] as const)(
    '%s: %j is stored as the canonical decimal and shown back in the language’s form',
    async (language, typed, shown) => {
      await render(
        <Held initial="" input={(value, onChange) => <NumberInput value={value} onChange={onChange} />} />,
        language,
      );
      await typeAndLeave(typed);
      expect(stored()).toBe(typed.startsWith('-') ? '-0.5' : '1234.56');
      expect(input().value).toBe(shown);
      expect(input().getAttribute('aria-invalid')).toBeNull();
    },
  );

  it('keeps text it cannot read and says how to write a number, in the language', async () => {
    await render(
      <Held initial="" input={(value, onChange) => <NumberInput value={value} onChange={onChange} />} />,
      'ru',
    );
    await focus(input());
    await typeInto(input(), '1,234.56');
    // Nothing is said while the user is still typing.
    expect(document.querySelector('[role="alert"]')).toBeNull();
    await blur(input());
    expect(input().value).toBe('1,234.56');
    expect(stored()).toBe('1,234.56');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(query(document.body, '[role="alert"]').textContent).toBe(`Введите число, например 1${NBSP}234,56.`);
  });
});

describe('DateInput', () => {
  it('asks for the language’s pattern and shows a stored day in it', async () => {
    await render(
      <Held initial="2026-11-29" input={(value, onChange) => <DateInput value={value} onChange={onChange} />} />,
      'en',
    );
    expect(input().value).toBe('11/29/26');
    expect(input().placeholder).toBe('mm/dd/yy');
  });

  it.each([
    ['ru', '29.11.2026', '29.11.2026'],
    ['ru', '2026-11-29', '29.11.2026'],
    ['en', '11/29/2026', '11/29/26'],
  ] as const)('%s: %j is stored as 2026-11-29 and shown as %j', async (language, typed, shown) => {
    await render(
      <Held initial="" input={(value, onChange) => <DateInput value={value} onChange={onChange} />} />,
      language,
    );
    await typeAndLeave(typed);
    expect(stored()).toBe('2026-11-29');
    expect(input().value).toBe(shown);
  });

  it('keeps a date it cannot read, and says the pattern; a day out of bounds is named', async () => {
    await render(
      <Held initial="" input={(value, onChange) => <DateInput value={value} max="2026-11-30" onChange={onChange} />} />,
      'ru',
    );
    expect(input().placeholder).toBe('дд.мм.гггг');
    await typeAndLeave('11/29/26');
    expect(stored()).toBe('11/29/26');
    expect(query(document.body, '[role="alert"]').textContent).toMatch(
      /^Введите дату в виде дд\.мм\.гггг, например \d\d\.\d\d\.\d{4}\.$/,
    );
    await typeAndLeave('01.12.2026');
    expect(stored()).toBe('2026-12-01');
    expect(query(document.body, '[role="alert"]').textContent).toBe('Выберите день не позже 30.11.2026.');
  });

  it('opens a month grid in the language, weeks from its first day, and picks a day with the keyboard', async () => {
    await render(
      <Held
        initial="2026-11-29"
        input={(value, onChange) => <DateInput value={value} max="2026-11-30" onChange={onChange} />}
      />,
      'ru',
    );
    await click(query(document.body, 'button[aria-label="Выбрать дату"]'));
    await waitInAct(() => expect(document.querySelector('[role="grid"]')).not.toBeNull());
    const grid = query(document.body, '[role="grid"]');
    expect([...grid.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual([
      'пн',
      'вт',
      'ср',
      'чт',
      'пт',
      'сб',
      'вс',
    ]);
    expect(document.body.textContent).toContain('ноябрь 2026 г.');
    // November 2026 starts on a Sunday: the Monday-first grid opens on October 26.
    expect(grid.querySelector('button')?.getAttribute('data-day')).toBe('2026-10-26');
    expect(query<HTMLButtonElement>(grid, 'button[data-day="2026-12-01"]').disabled).toBe(true);
    await waitInAct(() => expect(document.activeElement?.getAttribute('data-day')).toBe('2026-11-29'));
    await act(async () => grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    await waitInAct(() => expect(document.activeElement?.getAttribute('data-day')).toBe('2026-11-28'));
    // A key past the last day allowed stops on it.
    await act(async () => grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true })));
    await waitInAct(() => expect(document.activeElement?.getAttribute('data-day')).toBe('2026-11-30'));
    await click(document.activeElement as HTMLButtonElement);
    expect(stored()).toBe('2026-11-30');
    await waitInAct(() => expect(document.querySelector('[role="grid"]')).toBeNull());
    expect(input().value).toBe('30.11.2026');
  });

  it('starts English weeks on Sunday and marks today', async () => {
    await render(
      <Held initial="" input={(value, onChange) => <DateInput value={value} onChange={onChange} />} />,
      'en',
    );
    await click(query(document.body, 'button[aria-label="Choose a date"]'));
    await waitInAct(() => expect(document.querySelector('[role="grid"]')).not.toBeNull());
    expect(query(document.body, '[role="grid"] th').textContent).toBe('Sun');
    expect(query(document.body, '[role="grid"] button[aria-current="date"]').getAttribute('tabindex')).toBe('0');
  });
});

describe('DateTimeInput', () => {
  const inputs = () => [...document.querySelectorAll<HTMLInputElement>('input')];

  it('shows a stored local date and time in the language’s forms', async () => {
    await render(
      <Held
        initial="2026-11-29T15:44"
        input={(value, onChange) => <DateTimeInput value={value} onChange={onChange} />}
      />,
      'en',
    );
    expect(inputs().map((input) => input.value.replace('\u202f', ' '))).toEqual(['11/29/26', '3:44 PM']);
    expect(inputs().map((input) => input.getAttribute('aria-label'))).toEqual(['Date', 'Time']);
  });

  it('stores YYYY-MM-DDTHH:mm once both parts read, and keeps a time it cannot read', async () => {
    await render(
      <Held initial="" input={(value, onChange) => <DateTimeInput value={value} onChange={onChange} />} />,
      'ru',
    );
    const [day, time] = inputs();
    if (!day || !time) throw new Error('no inputs');
    expect(time.placeholder).toBe('чч:мм');
    await focus(day);
    await typeInto(day, '29.11.2026');
    await blur(day);
    expect(stored()).toBe('2026-11-29T');
    await focus(time);
    await typeInto(time, '3:44 PM');
    await blur(time);
    expect(stored()).toBe('2026-11-29T3:44 PM');
    expect(query(document.body, '[role="alert"]').textContent).toBe('Введите время, например 15:44.');
    await focus(time);
    await typeInto(time, '15.44');
    await blur(time);
    expect(stored()).toBe('2026-11-29T15:44');
    expect(time.value).toBe('15:44');
  });
});

describe('MonthInput', () => {
  it('reads the month in the language and picks another from the year’s months', async () => {
    await render(
      <Held initial="2026-11" input={(value, onChange) => <MonthInput value={value} onChange={onChange} />} />,
      'ru',
    );
    const trigger = query(document.body, 'button[aria-haspopup="dialog"]');
    expect(trigger.textContent).toBe('ноябрь 2026 г.');
    await click(trigger);
    await waitInAct(() => expect(document.querySelector('button[aria-label="декабрь 2026 г."]')).not.toBeNull());
    expect(query(document.body, 'button[aria-pressed="true"]').textContent).toBe('нояб.');
    await click(query(document.body, 'button[aria-label="декабрь 2026 г."]'));
    expect(stored()).toBe('2026-12');
    await waitInAct(() =>
      expect(query(document.body, 'button[aria-haspopup="dialog"]').textContent).toBe('декабрь 2026 г.'),
    );
  });
});
