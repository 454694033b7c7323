import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { COUNTRIES_REFERENCE } from '@core/shared/resource/core-references';
import { STALE_VERSION_MESSAGE } from '@core/shared/resource/definition';
import { SECRET_VALUE_MASK, type FieldDefinition } from '@core/shared/resource/field';
import { click, typeInto } from '../../../support/web/dom';
import { jsonResponse } from '../../../support/web/fetch';
import {
  createTestKernel,
  recordToasts,
  renderRoutesInKernel,
  testUser,
  waitInAct,
} from '../../../support/web/test-kernel';
import { testPlugin } from '../../../support/web/test-plugin';
import { RecordFields } from '@core/web/resource/record/RecordFields';
import { useResourceStrings } from '@core/web/resource/resource-strings';
import { listAnswer, wallet, WALLET_STRINGS, WALLETS } from './fixtures';
import {
  buttonNamed,
  dialog,
  duplicateIds,
  FakeApi,
  itemNamed,
  labelled,
  renderWallets,
  patchAnimations,
  waitForRows,
} from './support';

patchAnimations();

async function openAddForm(): Promise<void> {
  await click(buttonNamed('Add'));
  await waitInAct(() => expect(dialog().textContent).toContain('New: wallet'));
}

async function chooseStatus(label: string): Promise<void> {
  await click(labelled<HTMLButtonElement>(dialog(), 'Status'));
  await click(itemNamed(label));
}

async function openEditForm(label: string): Promise<void> {
  await click(buttonNamed(`Actions for ${label}`));
  await click(itemNamed('Edit'));
  await waitInAct(() => expect(dialog().textContent).toContain('Edit: wallet'));
}

describe('add and edit dialog', () => {
  it('checks the form with the definition before sending anything', async () => {
    const api = new FakeApi();
    await renderWallets();
    await openAddForm();
    expect(duplicateIds()).toEqual([]);
    await click(buttonNamed('Save', dialog()));
    expect(dialog().textContent).toContain('Please fill in all required fields.');
    expect(dialog().querySelector('[data-field="name"]')?.textContent).toContain('This field is required.');
    expect(dialog().querySelector('[data-field="status"]')?.textContent).toContain('This field is required.');
    await typeInto(labelled(dialog(), 'Name'), 'Main');
    await typeInto(labelled(dialog(), 'Limit'), '-1');
    await click(buttonNamed('Save', dialog()));
    expect(dialog().querySelector('[data-field="limit"]')?.textContent).toContain('The value must be at least 0.');
    expect(dialog().querySelector('[data-field="name"]')?.textContent).not.toContain('This field is required.');
    expect(api.requests('POST', '/finance/wallets')).toHaveLength(0);
  });

  it("clears a field's message as soon as its value passes, and words it anew when it fails another way", async () => {
    new FakeApi();
    await renderWallets();
    await openAddForm();
    await click(buttonNamed('Save', dialog()));
    const nameMessage = () => dialog().querySelector('[data-field="name"]')?.textContent ?? '';
    expect(nameMessage()).toContain('This field is required.');
    await typeInto(labelled(dialog(), 'Name'), 'M');
    expect(nameMessage()).not.toContain('This field is required.');
    // The other field keeps its message, and so does the form's notice while a required field is empty.
    expect(dialog().querySelector('[data-field="status"]')?.textContent).toContain('This field is required.');
    expect(dialog().textContent).toContain('Please fill in all required fields.');
    await chooseStatus('Active');
    expect(dialog().querySelector('[data-field="status"]')?.textContent).not.toContain('This field is required.');
    expect(dialog().textContent).not.toContain('Please fill in all required fields.');

    await typeInto(labelled(dialog(), 'Limit'), '-1');
    await click(buttonNamed('Save', dialog()));
    const limitMessage = () => dialog().querySelector('[data-field="limit"]')?.textContent ?? '';
    expect(limitMessage()).toContain('The value must be at least 0.');
    await typeInto(labelled(dialog(), 'Limit'), '2.5');
    expect(limitMessage()).not.toContain('The value must be at least 0.');
    expect(limitMessage()).toMatch(/whole number/);
    await typeInto(labelled(dialog(), 'Limit'), '5');
    expect(
      dialog().querySelector('[data-field="limit"] [role="alert"], [data-field="limit"] .fui-Field__validationMessage'),
    ).toBeNull();
  });

  it('asks before closing with changes, and closes an unchanged form at once', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1)]));
    const { view } = await renderWallets();
    await waitForRows(view, 1);
    await openAddForm();
    await click(buttonNamed('Cancel', dialog()));
    await waitInAct(() => expect(document.querySelector('.fui-DialogSurface')).toBeNull());

    await openEditForm('Wallet 1');
    await typeInto(labelled(dialog(), 'Name'), 'Renamed');
    await click(buttonNamed('Cancel', dialog()));
    const discard = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
    await waitInAct(() => expect(discard()?.textContent).toContain('Discard changes?'));
    await click(buttonNamed('Keep editing', discard() as HTMLElement));
    await waitInAct(() => expect(discard()).toBeNull());
    expect(labelled<HTMLInputElement>(dialog(), 'Name').value).toBe('Renamed');
    // Back to what it was: nothing to lose, so it closes at once.
    await typeInto(labelled(dialog(), 'Name'), 'Wallet 1');
    await click(buttonNamed('Cancel', dialog()));
    await waitInAct(() => expect(document.querySelector('.fui-DialogSurface')).toBeNull());
    expect(api.requests('PATCH', '/finance/wallets/1')).toHaveLength(0);
  });

  it('words the checks in the user language', async () => {
    new FakeApi();
    await renderWallets({ language: 'ru' });
    await click(buttonNamed('Добавить'));
    await waitInAct(() => expect(dialog()).toBeTruthy());
    await click(buttonNamed('Сохранить', dialog()));
    expect(dialog().textContent).toContain('Пожалуйста, заполните все обязательные поля.');
    expect(dialog().querySelector('[data-field="name"]')?.textContent).toContain('Это поле обязательно.');
  });

  it('creates a record and says so in the words of the spec', async () => {
    const api = new FakeApi();
    api.answer = (request, url) =>
      request.method === 'POST' && url.pathname === '/finance/wallets'
        ? jsonResponse(201, { data: wallet(9, { name: 'Main' }) })
        : undefined;
    const { kernel } = await renderWallets();
    const toasts = recordToasts(kernel);
    await openAddForm();
    await typeInto(labelled(dialog(), 'Name'), '  Main ');
    await chooseStatus('Active');
    await typeInto(dialog().querySelector<HTMLInputElement>('input[aria-label="Amount"]') as HTMLInputElement, '12.5');
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['New record successfully created']));
    const body = api.requests('POST', '/finance/wallets')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Main',
      status: 'active',
      balance: { amount: '12.5', currency: 'USD' },
      is_default: false,
      owner_id: null,
    });
    expect(body).not.toHaveProperty('code');
    expect(body).not.toHaveProperty('api_key');
    expect(document.querySelector('.fui-DialogSurface')).toBeNull();
    expect(api.lists().length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server 422 messages on their fields, and the error toast with the server message', async () => {
    const api = new FakeApi();
    api.answer = (request, url) =>
      request.method === 'POST' && url.pathname === '/finance/wallets'
        ? jsonResponse(422, {
            message: 'The given data was invalid.',
            errors: { name: ['This value is already taken.'] },
          })
        : undefined;
    const { kernel } = await renderWallets();
    const toasts = recordToasts(kernel);
    await openAddForm();
    await typeInto(labelled(dialog(), 'Name'), 'Main');
    await chooseStatus('Closed');
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() =>
      expect(dialog().querySelector('[data-field="name"]')?.textContent).toContain('This value is already taken.'),
    );
    expect(toasts.map((toast) => toast.message)).toEqual(['Error creating record: The given data was invalid.']);
    expect(toasts.every((toast) => toast.intent === 'error')).toBe(true);
  });

  it('sends only the changed fields with the version, and says "Successfully updated"', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1, { version: 4, api_key: '••••••••' })]));
    api.answer = (request, url) =>
      request.method === 'PATCH' && url.pathname === '/finance/wallets/1'
        ? jsonResponse(200, { data: wallet(1, { version: 5 }) })
        : undefined;
    const { kernel, view } = await renderWallets();
    const toasts = recordToasts(kernel);
    await waitForRows(view, 1);
    await openEditForm('Wallet 1');
    // Read-only fields are shown, not edited; the stored secret is not sent back.
    expect(dialog().textContent).toContain('W-1');
    expect(dialog().textContent).toContain('A value is stored.');
    expect(labelled(dialog(), 'API key').value).toBe('');
    await typeInto(labelled(dialog(), 'Name'), 'Renamed');
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['Successfully updated']));
    expect(api.requests('PATCH', '/finance/wallets/1')[0]?.body).toEqual({ name: 'Renamed', version: 4 });
  });

  it('explains a stale version (409) and offers to reload the record', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1, { version: 1 })]));
    api.answer = (request, url) => {
      if (request.method === 'PATCH' && url.pathname === '/finance/wallets/1') {
        const body = request.body as { version: number };
        return body.version === 1
          ? jsonResponse(409, { message: STALE_VERSION_MESSAGE })
          : jsonResponse(200, { data: wallet(1, { version: 3 }) });
      }
      if (request.method === 'GET' && url.pathname === '/finance/wallets/1') {
        return jsonResponse(200, { data: wallet(1, { version: 2, name: 'Changed elsewhere' }) });
      }
      return undefined;
    };
    const { kernel, view } = await renderWallets();
    const toasts = recordToasts(kernel);
    await waitForRows(view, 1);
    await openEditForm('Wallet 1');
    await typeInto(labelled(dialog(), 'Name'), 'Mine');
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() => expect(dialog().textContent).toContain('This record was changed by someone else'));
    expect(toasts.map((toast) => toast.message)).toEqual([
      'Error during update: This record was changed by someone else',
    ]);
    await click(buttonNamed('Reload the record', dialog()));
    await waitInAct(() => expect(labelled(dialog(), 'Name').value).toBe('Changed elsewhere'));
    expect(dialog().textContent).not.toContain('This record was changed by someone else');
    await typeInto(labelled(dialog(), 'Name'), 'Mine again');
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() => expect(api.requests('PATCH', '/finance/wallets/1')).toHaveLength(2));
    expect(api.requests('PATCH', '/finance/wallets/1')[1]?.body).toEqual({ name: 'Mine again', version: 2 });
  });
});

// The wallets with their metadata's values kept secret: credentials, as a proxy's would be.
const SECRET_META = {
  ...WALLETS,
  fields: WALLETS.fields.map(
    (field): FieldDefinition => (field.name === 'meta' ? { ...field, secretValues: true } : field),
  ),
};

describe('a key/value field with secret values', () => {
  const valueInputs = (): HTMLInputElement[] => [
    ...dialog().querySelectorAll<HTMLInputElement>('[data-field="meta"] input[aria-label="Value"]'),
  ];

  async function editSecretWallet(api: FakeApi): Promise<void> {
    api.rows = () =>
      jsonResponse(
        200,
        listAnswer([wallet(1, { version: 2, meta: { login: SECRET_VALUE_MASK, password: SECRET_VALUE_MASK } })]),
      );
    api.answer = (request, url) =>
      request.method === 'PATCH' && url.pathname === '/finance/wallets/1'
        ? jsonResponse(200, { data: wallet(1, { version: 3 }) })
        : undefined;
    const { view } = await renderWallets({ definition: SECRET_META });
    await waitForRows(view, 1);
    await openEditForm('Wallet 1');
  }

  it('shows values as password inputs, stored ones empty under the mask, and leaves them alone', async () => {
    const api = new FakeApi();
    await editSecretWallet(api);
    const inputs = valueInputs();
    expect(inputs.map((input) => [input.type, input.value, input.placeholder])).toEqual([
      ['password', '', SECRET_VALUE_MASK],
      ['password', '', SECRET_VALUE_MASK],
    ]);
    expect(dialog().querySelector('[data-field="meta"]')?.textContent).toContain(
      'Leave a stored value empty to keep it.',
    );
    await typeInto(labelled(dialog(), 'Name'), 'Renamed');
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() => expect(api.requests('PATCH', '/finance/wallets/1')).toHaveLength(1));
    expect(api.requests('PATCH', '/finance/wallets/1')[0]?.body).toEqual({ name: 'Renamed', version: 2 });
  });

  it('sends a typed value and the mask for every value left as it was', async () => {
    const api = new FakeApi();
    await editSecretWallet(api);
    await typeInto(valueInputs()[1] as HTMLInputElement, 'new-password');
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() => expect(api.requests('PATCH', '/finance/wallets/1')).toHaveLength(1));
    expect(api.requests('PATCH', '/finance/wallets/1')[0]?.body).toEqual({
      meta: { login: SECRET_VALUE_MASK, password: 'new-password' },
      version: 2,
    });
  });
});

describe('a field pointing at COUNTRIES_REFERENCE', () => {
  // The wallets with a country, named by an existing string: the picker is what is tested.
  const WITH_COUNTRY = {
    ...WALLETS,
    fields: [
      ...WALLETS.fields,
      {
        kind: 'reference',
        name: 'country_id',
        labelKey: 'test:wallets.code',
        target: COUNTRIES_REFERENCE,
      } satisfies FieldDefinition,
    ],
  };

  it('searches the auth service countries and sends the chosen id', async () => {
    const api = new FakeApi();
    api.answer = (request, url) => {
      if (request.method === 'GET' && url.pathname === '/auth/references/countries')
        return jsonResponse(200, { data: [{ id: 276, label: 'Germany', code: 'DE' }] });
      return request.method === 'POST' && url.pathname === '/finance/wallets'
        ? jsonResponse(201, { data: wallet(9) })
        : undefined;
    };
    await renderWallets({ definition: WITH_COUNTRY });
    await openAddForm();
    await typeInto(labelled(dialog(), 'Name'), 'Main');
    await chooseStatus('Active');
    await typeInto(labelled(dialog(), 'Code'), 'ger');
    await waitInAct(() => expect(itemNamed('Germany')).toBeTruthy());
    expect(
      new URL(api.requests('GET', '/auth/references/countries')[0]?.url ?? 'http://x/').searchParams.get('q'),
    ).toBe('ger');
    await click(itemNamed('Germany'));
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() => expect(api.requests('POST', '/finance/wallets')).toHaveLength(1));
    expect(api.requests('POST', '/finance/wallets')[0]?.body).toMatchObject({ country_id: 276 });
  });
});

describe('a money field with its currencies', () => {
  /** The balance field's input named `label` (Amount, Currency). */
  const balance = (label: string): HTMLInputElement => {
    const found = dialog().querySelector<HTMLInputElement>(`[data-field="balance"] [aria-label="${label}"]`);
    if (!found) throw new Error(`no ${label} in the balance field`);
    return found;
  };

  it('finds a currency by its name in either language, lists the names and sends the code', async () => {
    const api = new FakeApi();
    api.answer = (request, url) =>
      request.method === 'POST' && url.pathname === '/finance/wallets'
        ? jsonResponse(201, { data: wallet(9) })
        : undefined;
    await renderWallets();
    await openAddForm();
    await typeInto(labelled(dialog(), 'Name'), 'Main');
    await chooseStatus('Active');
    await typeInto(balance('Amount'), '5');
    const currency = balance('Currency');
    const offered = () =>
      [
        ...(document
          .getElementById(currency.getAttribute('aria-controls') ?? '')
          ?.querySelectorAll('[role="option"]') ?? []),
      ].map((option) => option.textContent);
    await typeInto(currency, 'евро');
    await waitInAct(() => expect(offered()).toEqual(['EUR — Euro']));
    await typeInto(currency, 'DOLLAR');
    await waitInAct(() => expect(offered()).toEqual(['USD — US Dollar']));
    await click(itemNamed('USD — US Dollar'));
    expect(currency.value).toBe('USD');
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() => expect(api.requests('POST', '/finance/wallets')).toHaveLength(1));
    expect(api.requests('POST', '/finance/wallets')[0]?.body).toMatchObject({
      balance: { amount: '5', currency: 'USD' },
    });
  });
});

describe('a reference that kept the text it was typed as (legacyField)', () => {
  const WITH_LEGACY = {
    ...WALLETS,
    fields: [
      ...WALLETS.fields,
      {
        kind: 'reference',
        name: 'country_id',
        labelKey: 'test:wallets.code',
        target: COUNTRIES_REFERENCE,
        legacyField: 'country_text',
      } satisfies FieldDefinition,
      { kind: 'text', name: 'country_text', labelKey: 'test:wallets.name', readOnly: true } satisfies FieldDefinition,
    ],
  };

  it('reads the text in the list as not in the list, and shows it under the picker rather than among the read-only values', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1, { country_id: null, country_text: 'Atlantis' })]));
    const { view } = await renderWallets({ definition: WITH_LEGACY });
    await waitForRows(view, 1);
    expect(view.element.querySelector('tbody tr[data-row-id="1"]')?.textContent).toContain(
      'Atlantis (not in the list)',
    );
    await openEditForm('Wallet 1');
    expect(dialog().querySelector('[data-field="country_id"]')?.textContent).toContain(
      'Typed before as “Atlantis”, which is not in the list. Pick one to replace it.',
    );
    expect(dialog().querySelector('dl')?.textContent ?? '').not.toContain('Atlantis');
  });

  it('shows the text in the reference’s place on the record page, not as a field of its own', async () => {
    const kernel = await createTestKernel({
      plugins: [testPlugin({ id: 'test', bundles: { en: WALLET_STRINGS, ru: WALLET_STRINGS } })],
      user: testUser(['FW']),
    });
    // As the record page does: the engine's strings first.
    function Fields() {
      useResourceStrings();
      return createElement(RecordFields, {
        definition: WITH_LEGACY,
        record: wallet(1, { country_id: null, country_text: 'Atlantis' }),
      });
    }
    const view = await renderRoutesInKernel(kernel, [{ path: '/', element: createElement(Fields) }], { path: '/' });
    expect(view.element.querySelector('[data-field="country_id"]')?.textContent).toContain(
      'Atlantis (not in the list)',
    );
    expect(view.element.querySelector('[data-field="country_text"]')).toBeNull();
  });
});
