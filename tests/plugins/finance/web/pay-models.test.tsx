import { describe, expect, it } from 'vitest';
import { financeManifest } from '@plugins/finance/manifest';
import financeCode from '@plugins/finance/web';
import { localeFormat } from '@core/sdk/shared';
import {
  describeListPages,
  FakeService,
  listAnswer,
  query,
  renderPluginPage,
  runRowAction,
  serviceBase,
  testRecord,
  setupPopupTests,
  waitInAct,
  webPlugin,
} from '@core/sdk/testing-web';
import type { PayComputation } from '@plugins/finance/shared/pay';

// The screens under test are in English.
const english = localeFormat('en');

setupPopupTests({ quiet: true });
const finance = webPlugin(financeManifest, financeCode);
const RAW_KEY = /\b(finance|core):[a-z]/;

describeListPages({
  plugins: [finance],
  codes: ['FE', 'FJ'],
  pages: [
    {
      path: '/calculation-models',
      code: 'FE',
      apiPath: 'calculation-models',
      title: { en: 'Calculation models', ru: 'Модели расчёта' },
    },
    {
      path: '/calculation-model-rules',
      code: 'FE',
      apiPath: 'calculation-model-rules',
      title: { en: 'Calculation model rules', ru: 'Правила моделей расчёта' },
    },
    {
      path: '/employee-models',
      code: 'FE',
      apiPath: 'employee-models',
      title: { en: 'Model assignments', ru: 'Назначения моделей' },
    },
  ],
});

const TIERED = testRecord(11, {
  model_id: 3,
  position: 1,
  kind: 'tiered',
  measure: 'profit',
  source: 'finance',
  scope: 'project',
  project_id: 7,
  vertical_id: null,
  division_id: null,
  rate: null,
  tiers: { '5000': '15', '0': '10' },
  cap_usd: '2000',
  _labels: { model_id: 'Media buyer — tiered', project_id: 'Keto', vertical_id: null, division_id: null },
});
const PER_LEAD = testRecord(12, {
  ...TIERED,
  id: 12,
  kind: 'per_unit',
  measure: 'leads',
  source: 'tracker',
  scope: 'all',
  project_id: null,
  rate: '2.5',
  tiers: {},
  cap_usd: null,
});

async function rulesPage(language: 'en' | 'ru') {
  const api = new FakeService(serviceBase('finance')).on(
    'GET',
    'calculation-model-rules',
    listAnswer([TIERED, PER_LEAD]),
  );
  return renderPluginPage({ plugins: [finance], path: '/calculation-model-rules', codes: ['FE'], api, language });
}

describe('Calculation model screens', () => {
  it('describe each rule in words: marginal tiers, scope, source and cap', async () => {
    const { view } = await rulesPage('en');
    await waitInAct(() =>
      expect(view.element.textContent).toContain(
        '10% of profit up to $5,000.00, 15% above; project Keto; cap $2,000.00',
      ),
    );
    expect(view.element.textContent).toContain('$2.50 per lead; from the tracker');
  });

  it('describe the rules in Russian with no raw key', async () => {
    const { view } = await rulesPage('ru');
    await waitInAct(() =>
      expect(view.element.textContent).toContain(
        '10\u00a0% от показателя «прибыль» до 5\u00a0000,00\u00a0$, 15\u00a0% выше; проект Keto; потолок 2\u00a0000,00\u00a0$',
      ),
    );
    expect(view.element.textContent).not.toMatch(RAW_KEY);
  });

  it("link a model's name to its rules and its assignments", async () => {
    const api = new FakeService(serviceBase('finance')).on(
      'GET',
      'calculation-models',
      listAnswer([
        testRecord(3, {
          name: 'Media buyer — tiered',
          valid_from: '2026-01-01',
          valid_to: null,
          cap_usd: '5000',
          comment: null,
          is_active: true,
        }),
      ]),
    );
    const { view } = await renderPluginPage({ plugins: [finance], path: '/calculation-models', codes: ['FE'], api });
    await waitInAct(() => expect(view.element.textContent).toContain('Media buyer — tiered'));
    const links = [...view.element.querySelectorAll<HTMLAnchorElement>('tbody a')].map((link) => [
      link.textContent,
      decodeURIComponent(link.getAttribute('href') ?? ''),
    ]);
    expect(links).toEqual([
      ['Rules', expect.stringMatching(/^\/calculation-model-rules\?.*model_id.*3/)],
      ['Assignments', expect.stringMatching(/^\/employee-models\?.*model_id.*3/)],
    ]);
  });

  it("preview an assignment's pay for this month, rule by rule", async () => {
    const pay: PayComputation = {
      employee_id: 4,
      model_id: 3,
      model_name: 'Media buyer — tiered',
      month: '2026-11',
      base_usd: '1500.00',
      bonus_usd: '500.00',
      total_usd: '2000.00',
      capped: true,
      lines: [
        {
          rule_id: 1,
          kind: 'fixed_salary',
          measure: null,
          source: 'salary_history',
          scope: 'all',
          scope_label: null,
          measure_value: '1500.00',
          formula: '1500 USD = 1500.00',
          amount_usd: '1500.00',
          capped: false,
          gap: null,
        },
        {
          rule_id: 2,
          kind: 'tiered',
          measure: 'profit',
          source: 'finance',
          scope: 'project',
          scope_label: 'Keto',
          measure_value: '6200.00',
          formula: '10% × 5000.00 + 15% × 1200.00 = 680.00',
          amount_usd: '680.00',
          capped: false,
          gap: null,
        },
        {
          rule_id: 3,
          kind: 'per_unit',
          measure: 'leads',
          source: 'tracker',
          scope: 'all',
          scope_label: null,
          measure_value: null,
          formula: '—',
          amount_usd: '0.00',
          capped: false,
          gap: 'tracker_disabled',
        },
      ],
    };
    const api = new FakeService(serviceBase('finance'))
      .on(
        'GET',
        'employee-models',
        listAnswer([
          testRecord(5, {
            employee_id: 4,
            model_id: 3,
            date_start: '2026-01-01',
            date_end: null,
            _labels: { employee_id: 'Anna Buyer', model_id: 'Media buyer — tiered' },
          }),
        ]),
      )
      .on('GET', 'employee-models/5/preview', { data: pay });
    const { view } = await renderPluginPage({ plugins: [finance], path: '/employee-models', codes: ['FE'], api });
    await waitInAct(() => expect(view.element.textContent).toContain('Anna Buyer'));
    await runRowAction(view.element, english.date('2026-01-01'), 'Preview this month');
    await waitInAct(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const dialog = query(document, '[role="dialog"]');
    await waitInAct(() => expect(dialog.textContent).toContain('10% × 5000.00 + 15% × 1200.00 = 680.00'));
    expect(dialog.textContent).toContain('Anna Buyer: pay for');
    expect(dialog.textContent).toContain('$2,000.00');
    expect(dialog.textContent).toContain("The model's cap cut the bonus.");
    expect(dialog.textContent).not.toMatch(RAW_KEY);
    const asked = api.requests('GET', 'employee-models/5/preview')[0];
    expect(new URL(asked?.url ?? '').searchParams.get('month')).toMatch(/^\d{4}-\d{2}$/);
  });
});
