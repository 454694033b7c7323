import { describe, expect, it } from 'vitest';
import {
  settingsChanges,
  splitSettingErrors,
  initialInputs,
  settingProblem,
} from '@plugins/admin/web/settings/settings-form';
import type { SystemSettingEntry, ValueSettingEntry } from '@plugins/admin/shared/system-settings';
import {
  click,
  FakeService,
  jsonResponse,
  query,
  recordToasts,
  renderAppInKernel,
  TEST_API,
  typeInto,
  waitInAct,
} from '@core/sdk/testing-web';
import { FakeAuthServer, adminKernel, buttonNamed, setupAdminTests } from './admin-server';

setupAdminTests();

const PRODUCT: ValueSettingEntry = {
  key: 'core.general.productName',
  type: 'string',
  label_key: 'settings:productName',
  description: 'Shown in the title bar and page titles.',
  default: 'Agency Back Office',
  value: 'Back Office',
  is_stored: true,
  min_length: 1,
  max_length: 100,
};
const LANGUAGE: ValueSettingEntry = {
  key: 'core.general.defaultLanguage',
  type: 'string',
  label_key: 'settings:defaultLanguage',
  description: 'The interface language of users who have not chosen one.',
  default: 'en',
  value: 'en',
  is_stored: false,
  values: ['en', 'ru'],
};
const NESTING: ValueSettingEntry = {
  key: 'finance.googleTables.maxNestingLevel',
  type: 'integer',
  label_key: 'finance:settings.maxNestingLevel',
  description: 'Deepest level of the spreadsheet tree.',
  default: 5,
  value: 5,
  is_stored: false,
  min: 1,
  max: 20,
};
const FLAG: ValueSettingEntry = {
  key: 'admin.demo.enabled',
  type: 'boolean',
  label_key: 'admin:nav.settings',
  description: 'A switch.',
  default: false,
  value: false,
  is_stored: false,
};
const TOKEN: SystemSettingEntry = {
  key: 'core.telegram.botToken',
  type: 'secret',
  label_key: 'settings:telegramBotToken',
  description: "The messenger bot's token.",
  is_set: true,
  env: 'ERP_TELEGRAM_BOT_TOKEN',
};
const ENTRIES: readonly SystemSettingEntry[] = [PRODUCT, LANGUAGE, NESTING, FLAG, TOKEN];

describe('Settings form model', () => {
  it('sends only changed values, typed secrets and resets', () => {
    const inputs = {
      ...initialInputs(ENTRIES),
      'core.general.productName': ' Agency ',
      'finance.googleTables.maxNestingLevel': '7',
    };
    expect(settingsChanges(ENTRIES, inputs)).toEqual({
      'core.general.productName': 'Agency',
      'finance.googleTables.maxNestingLevel': 7,
    });
    expect(settingsChanges(ENTRIES, initialInputs(ENTRIES))).toEqual({});
    expect(settingsChanges(ENTRIES, { ...initialInputs(ENTRIES), 'core.telegram.botToken': 'abc:123' })).toEqual({
      'core.telegram.botToken': 'abc:123',
    });
    expect(settingsChanges(ENTRIES, initialInputs(ENTRIES), new Set(['core.general.productName']))).toEqual({
      'core.general.productName': null,
    });
  });

  it('checks bounds before sending', () => {
    expect(settingProblem(NESTING, 0)).toEqual({ code: 'min', min: 1 });
    expect(settingProblem(NESTING, 21)).toEqual({ code: 'max', max: 20 });
    expect(settingProblem(NESTING, '1.5')).toEqual({ code: 'integer' });
    expect(settingProblem(LANGUAGE, 'de')).toEqual({ code: 'values', values: 'en, ru' });
    expect(settingProblem(PRODUCT, '')).toEqual({ code: 'minLength', min: 1 });
  });

  it('puts 422 messages under the settings they name, the rest above the form', () => {
    expect(
      splitSettingErrors(ENTRIES, {
        'core.general.productName': ['The value is too long.'],
        'no.such': ['There is no such setting.'],
      }),
    ).toEqual({
      byKey: { 'core.general.productName': ['The value is too long.'] },
      general: ['There is no such setting.'],
    });
  });
});

async function openSettings(server: FakeAuthServer) {
  const kernel = await adminKernel(['JS']);
  const toasts = recordToasts(kernel);
  const view = await renderAppInKernel(kernel, { path: '/system-settings' });
  await waitInAct(
    () => expect(view.element.querySelector('[data-setting="core.general.productName"] input')).not.toBeNull(),
    { timeout: 10_000 },
  );
  return { view, toasts, server };
}

const input = (key: string): HTMLInputElement => query<HTMLInputElement>(document, `[data-setting="${key}"] input`);

describe('System settings screen', { timeout: 20_000 }, () => {
  it('shows each setting with its label, current value and default; secrets only as set', async () => {
    const { view } = await openSettings(new FakeAuthServer().on('GET', 'system-settings', { data: ENTRIES }));
    expect(input('core.general.productName').value).toBe('Back Office');
    expect(input('finance.googleTables.maxNestingLevel').value).toBe('5');
    const text = view.element.textContent ?? '';
    expect(text).toContain('Product name');
    expect(text).toContain('Messenger bot token');
    expect(text).toContain('Default: Agency Back Office');
    // A label from a namespace that is not loaded reads as the description, never as a raw key.
    expect(text).toContain('Deepest level of the spreadsheet tree.');
    expect(text).not.toContain('settings:');
    expect(query(view.element, '[data-setting="core.telegram.botToken"]').textContent).toContain('Set');
    expect(input('core.telegram.botToken').value).toBe('');
  });

  it('saves only what changed with PUT system-settings', async () => {
    const server = new FakeAuthServer().on('GET', 'system-settings', { data: ENTRIES }).on('PUT', 'system-settings', {
      data: ENTRIES.map((entry) => (entry.key === PRODUCT.key ? { ...PRODUCT, value: 'Agency' } : entry)),
      message: 'Successfully updated',
    });
    const { toasts } = await openSettings(server);
    await typeInto(input('core.general.productName'), 'Agency');
    await click(buttonNamed('Save'));
    await waitInAct(() => expect(server.requests('PUT', 'system-settings')).toHaveLength(1));
    expect(server.requests('PUT', 'system-settings')[0]?.body).toEqual({ 'core.general.productName': 'Agency' });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toContain('Successfully updated'));
  });

  it('shows the 422 messages on their settings', async () => {
    const server = new FakeAuthServer()
      .on('GET', 'system-settings', { data: ENTRIES })
      .on('PUT', 'system-settings', () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: {
            'finance.googleTables.maxNestingLevel': ['The value must be at most 20.'],
            'core.telegram.botToken': ['This secret is set only in the environment (ERP_TELEGRAM_BOT_TOKEN).'],
          },
        }),
      );
    await openSettings(server);
    await typeInto(input('finance.googleTables.maxNestingLevel'), '12');
    await typeInto(input('core.telegram.botToken'), 'new-token');
    await click(buttonNamed('Save'));
    await waitInAct(() => expect(server.requests('PUT', 'system-settings')).toHaveLength(1));
    expect(server.requests('PUT', 'system-settings')[0]?.body).toEqual({
      'finance.googleTables.maxNestingLevel': 12,
      'core.telegram.botToken': 'new-token',
    });
    await waitInAct(() =>
      expect(query(document, '[data-setting="finance.googleTables.maxNestingLevel"]').textContent).toContain(
        'The value must be at most 20.',
      ),
    );
    expect(query(document, '[data-setting="core.telegram.botToken"]').textContent).toContain(
      'This secret is set only in the environment',
    );
    expect(query(document, '[data-setting="core.general.productName"]').textContent).not.toContain('The value');
  });

  it('refuses a value out of bounds before sending', async () => {
    const server = new FakeAuthServer().on('GET', 'system-settings', { data: ENTRIES });
    await openSettings(server);
    await typeInto(input('finance.googleTables.maxNestingLevel'), '50');
    await click(buttonNamed('Save'));
    await waitInAct(() =>
      expect(query(document, '[data-setting="finance.googleTables.maxNestingLevel"]').textContent).toContain(
        'The value must be at most 20.',
      ),
    );
    expect(server.requests('PUT', 'system-settings')).toHaveLength(0);
  });

  it('says so in Russian when the settings cannot be read, and Повторить reads them again', async () => {
    let asked = 0;
    const server = new FakeService(TEST_API)
      .on('GET', 'auth/system-settings', () =>
        asked++ === 0 ? jsonResponse(500, { message: 'Database is busy.' }) : jsonResponse(200, { data: ENTRIES }),
      )
      .on('GET', 'system/backups', { data: { database: 'postgres', dir: null, keep: 7, schedule: null, files: [] } });
    const kernel = await adminKernel(['JS'], { language: 'ru' });
    const view = await renderAppInKernel(kernel, { path: '/system-settings' });
    await waitInAct(() => expect(view.element.textContent).toContain('Не удалось загрузить данные.'), {
      timeout: 10_000,
    });
    await click(buttonNamed('Повторить'));
    await waitInAct(() => expect(input('core.general.productName').value).toBe('Back Office'));
    expect(server.requests('GET', 'auth/system-settings')).toHaveLength(2);
  });
});
