import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { resolveDatePreset } from '@core/sdk/shared';
import {
  ChoiceField,
  PeriodFields,
  readReportPeriod,
  reportDays,
  writeReportPeriod,
  type ReportPeriod,
} from '@core/sdk/web';
import {
  click,
  createTestKernel,
  renderInKernel,
  testUser,
  typeInto,
  setupPopupTests,
  waitInAct,
} from '@core/sdk/testing-web';

setupPopupTests({ quiet: true });

const TODAY = new Date(2026, 10, 25);

describe('the report period in the URL', () => {
  it('keeps a preset as its name and a custom period as its days, round trip', () => {
    const preset: ReportPeriod = { period: 'last_month', from: '2026-01-01', to: '2026-01-31' };
    expect(writeReportPeriod(preset, new URLSearchParams()).toString()).toBe('period=last_month');
    const custom: ReportPeriod = { period: 'custom', from: '2026-01-01', to: '2026-01-31' };
    const search = writeReportPeriod(custom, new URLSearchParams('group=day'));
    expect(search.toString()).toBe('group=day&period=custom&from=2026-01-01&to=2026-01-31');
    expect(readReportPeriod(search, 'this_month')).toEqual(custom);
  });

  it('drops the days a preset does not use and a custom day not chosen', () => {
    const stale = new URLSearchParams('period=custom&from=2026-01-01&to=2026-01-31');
    expect(writeReportPeriod({ period: 'today', from: '2026-01-01', to: '2026-01-31' }, stale).toString()).toBe(
      'period=today',
    );
    expect(writeReportPeriod({ period: 'custom', from: '2026-01-01', to: '' }, new URLSearchParams()).toString()).toBe(
      'period=custom&from=2026-01-01',
    );
  });

  it('falls back to the default for a missing or unknown period, and reads a wrong day as empty', () => {
    expect(readReportPeriod(new URLSearchParams(), 'last_7_days')).toEqual({ period: 'last_7_days', from: '', to: '' });
    expect(readReportPeriod(new URLSearchParams('period=next_year&from=2026-1-1&to=soon'), 'this_month')).toEqual({
      period: 'this_month',
      from: '',
      to: '',
    });
  });

  it('gives a preset’s days counted from today, a custom period’s own days, and none while custom lacks a day', () => {
    expect(reportDays({ period: 'this_month', from: '', to: '' }, TODAY)).toEqual(
      resolveDatePreset('this_month', TODAY),
    );
    expect(reportDays({ period: 'custom', from: '2026-02-01', to: '2026-02-10' }, TODAY)).toEqual({
      from: '2026-02-01',
      to: '2026-02-10',
    });
    expect(reportDays({ period: 'custom', from: '2026-02-01', to: '' }, TODAY)).toBeNull();
    expect(reportDays({ period: 'custom', from: '', to: '2026-02-10' }, TODAY)).toBeNull();
  });
});

async function render(node: React.ReactNode) {
  const kernel = await createTestKernel({ user: testUser([]) });
  return renderInKernel(kernel, node);
}

async function choose(root: HTMLElement, label: string, option: string): Promise<void> {
  const box = [...root.querySelectorAll<HTMLButtonElement>('button[role="combobox"]')].find(
    (candidate) => candidate.textContent === label,
  );
  if (!box) throw new Error(`no dropdown showing "${label}"`);
  await click(box);
  await waitInAct(() =>
    expect([...document.querySelectorAll('[role="option"]')].map((item) => item.textContent)).toContain(option),
  );
  const item = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
    (candidate) => candidate.textContent === option,
  );
  if (!item) throw new Error(`no option "${option}"`);
  await click(item);
}

const LABELS = { period: 'Period', from: 'From', to: 'To' };

function Period({
  initial,
  onChange,
}: {
  readonly initial: ReportPeriod;
  readonly onChange: (value: ReportPeriod) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <PeriodFields
      value={value}
      labels={LABELS}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const dayInputs = (root: HTMLElement) => [...root.querySelectorAll<HTMLInputElement>('input[placeholder="mm/dd/yy"]')];

describe('ChoiceField', () => {
  it('shows the chosen value’s label and hands back the value chosen', async () => {
    const onChange = vi.fn();
    const view = await render(
      <ChoiceField
        label="Group by"
        values={['day', 'offer'] as const}
        value="day"
        labelOf={(value) => value.toUpperCase()}
        onChange={onChange}
      />,
    );
    expect(view.element.textContent).toContain('Group by');
    await choose(view.element, 'DAY', 'OFFER');
    expect(onChange).toHaveBeenCalledWith('offer');
  });
});

describe('PeriodFields', () => {
  it('offers the presets by the list filters’ names, and the From and To days only for a custom period', async () => {
    const onChange = vi.fn();
    const view = await render(<Period initial={{ period: 'last_7_days', from: '', to: '' }} onChange={onChange} />);
    expect(view.element.textContent).toContain('Period');
    expect(dayInputs(view.element)).toHaveLength(0);

    await choose(view.element, 'Last 7 days', 'Custom');
    expect(onChange).toHaveBeenLastCalledWith({ period: 'custom', from: '', to: '' });
    await waitInAct(() => expect(dayInputs(view.element)).toHaveLength(2));
    expect(view.element.textContent).toContain('From');
    expect(view.element.textContent).toContain('To');
  });

  it('bounds each day by the other and hands back a typed day', async () => {
    const onChange = vi.fn();
    const view = await render(
      <Period initial={{ period: 'custom', from: '2026-02-01', to: '2026-02-10' }} onChange={onChange} />,
    );
    const [from, to] = dayInputs(view.element);
    if (!from || !to) throw new Error('no day inputs');
    expect(from.value).toBe('02/01/26');
    await typeInto(to, '02/20/26');
    expect(onChange).toHaveBeenLastCalledWith({ period: 'custom', from: '2026-02-01', to: '2026-02-20' });
    await act(async () => from.focus());
    await typeInto(from, '2026-02-25');
    await act(async () => from.blur());
    expect(view.element.textContent).toContain('Choose a day no later than 02/20/26.');
  });
});
