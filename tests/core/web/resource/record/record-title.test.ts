import { describe, expect, it } from 'vitest';
import { localeFormat } from '@core/shared/format/locale-format';
import { definitionProblems, type ResourceRecord } from '@core/shared/resource/definition';
import { recordLabel, recordTitle, type Formatter } from '@core/web/resource/format-value';
import { transactionDraftsResource, transactionsResource } from '@plugins/finance/shared/resources';

const formatter: Formatter = { t: (key) => key, format: localeFormat('en') };

const transaction = (values: Record<string, unknown>): ResourceRecord =>
  ({
    id: 41,
    version: 1,
    created_at: '2026-11-27T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
    ...values,
  }) as ResourceRecord;

describe("a record page's title", () => {
  it('joins the titleFields as a reader reads them: a reference by its label, a day, money with its currency', () => {
    const record = transaction({
      hash: 'tx-77ab',
      article_id: 3,
      date_fact: '2026-11-27',
      amount: { amount: '2500.00', currency: 'USD' },
      _labels: { article_id: 'Salaries' },
    });
    expect(recordTitle(transactionsResource, record, formatter)).toBe('Salaries · 11/27/26 · $2,500.00');
    // Pickers, confirmations and references keep the label field.
    expect(recordLabel(transactionsResource, record, formatter)).toBe('tx-77ab');
  });

  it('leaves out an empty part, and falls back to the label when every part is empty', () => {
    const payroll = transaction({
      hash: 'payroll:2026-09:10',
      employee_id: 10,
      _labels: { employee_id: 'Tomás Silva' },
    });
    expect(recordTitle(transactionDraftsResource, payroll, formatter)).toBe('Tomás Silva · payroll:2026-09:10');
    const draft = transaction({ hash: 'draft-0xaabbcc', employee_id: null });
    expect(recordTitle(transactionDraftsResource, draft, formatter)).toBe('draft-0xaabbcc');
    expect(
      recordTitle(
        { ...transactionsResource, titleFields: ['article_id'] },
        transaction({ hash: 'tx-1', article_id: null }),
        formatter,
      ),
    ).toBe('tx-1');
  });

  it('is checked with the definition: an unknown field is a problem', () => {
    expect(definitionProblems(transactionsResource)).toEqual([]);
    expect(definitionProblems({ ...transactionsResource, titleFields: ['nope'] })).toEqual([
      'finance.transactions: titleFields names unknown field "nope"',
    ]);
  });
});
