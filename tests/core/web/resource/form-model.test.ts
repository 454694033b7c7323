import { describe, expect, it } from 'vitest';
import { defineResource } from '@core/shared/resource/definition';
import { SECRET_MASK } from '@core/shared/resource/field';
import {
  changedBody,
  checkForm,
  createBody,
  initialFormValues,
  isoToLocalInput,
  keyValueRow,
  localInputToIso,
  type FormValues,
} from '@core/web/resource/form-model';
import { wallet, WALLETS } from './fixtures';

const translateKey = (key: string) => `text of ${key}`;

describe('form model', () => {
  it("says a field's own message for a pattern it does not match, the general one without it", () => {
    const HOSTS = defineResource({
      ...WALLETS,
      fields: [
        { kind: 'text', name: 'ip', labelKey: 'lab:ip', pattern: '^[0-9.]+$', patternMessageKey: 'lab:ipFormat' },
        { kind: 'text', name: 'code', labelKey: 'lab:code', pattern: '^[A-Z]+$' },
      ],
      labelField: 'ip',
      defaultSort: { field: 'ip', direction: 'asc' },
      rowActions: [],
      toolbarActions: [],
    });
    expect(checkForm(HOSTS, { ip: 'host', code: 'abc' }, 'update', 'en', translateKey).messages).toEqual({
      ip: ['text of lab:ipFormat'],
      code: ['This value has the wrong format.'],
    });
  });

  it('starts a new record from the defaults and leaves read-only fields out', () => {
    const values = initialFormValues(WALLETS, null);
    expect(values).not.toHaveProperty('code');
    expect(values.balance).toEqual({ amount: '', currency: 'USD' });
    expect(values.is_default).toBe(false);
    expect(values.owner_id).toBeNull();
    expect(values.api_key).toBe('');
    expect(values.meta).toEqual([]);
  });

  it('turns form values into the JSON the API takes', () => {
    const values: FormValues = {
      ...initialFormValues(WALLETS, null),
      name: 'Main',
      status: 'active',
      balance: { amount: '10.50', currency: 'EUR' },
      limit: '12',
      owner_id: 7,
      opened_on: '2026-11-02',
      meta: [keyValueRow('region', 'eu'), keyValueRow('', '')],
      api_key: 's3cret',
    };
    const body = createBody(WALLETS, values);
    expect(body).toMatchObject({
      name: 'Main',
      status: 'active',
      balance: { amount: '10.50', currency: 'EUR' },
      limit: 12,
      owner_id: 7,
      opened_on: '2026-11-02',
      meta: { region: 'eu' },
      api_key: 's3cret',
      checked_at: null,
    });
    const check = checkForm(WALLETS, body, 'create', 'en', translateKey);
    expect(check.messages).toEqual({});
    // Normalised as the server normalises: canonical decimals.
    expect(check.values.balance).toEqual({ amount: '10.5', currency: 'EUR' });
  });

  it('sends only what changed on edit; an empty secret keeps the stored one', () => {
    const record = wallet(1, { api_key: SECRET_MASK, meta: { a: '1' } });
    const initial = initialFormValues(WALLETS, record);
    expect(initial.api_key).toBe('');
    expect(changedBody(WALLETS, initial, initial)).toEqual({});
    expect(changedBody(WALLETS, initial, { ...initial, name: 'New', api_key: '' })).toEqual({ name: 'New' });
    expect(changedBody(WALLETS, initial, { ...initial, api_key: 'new-key' })).toEqual({ api_key: 'new-key' });
    const rows = initial.meta as readonly { id: number; key: string; value: string }[];
    expect(changedBody(WALLETS, initial, { ...initial, meta: [...rows, keyValueRow('b', '2')] })).toEqual({
      meta: { a: '1', b: '2' },
    });
  });

  it('flags missing required fields and words the issues in the language asked for', () => {
    const check = checkForm(
      WALLETS,
      createBody(WALLETS, initialFormValues(WALLETS, null)),
      'create',
      'ru',
      translateKey,
    );
    expect(check.missingRequired).toBe(true);
    expect(check.messages.name).toEqual(['Это поле обязательно.']);
    const update = checkForm(WALLETS, { name: '' }, 'update', 'en', translateKey);
    expect(update.missingRequired).toBe(true);
    expect(checkForm(WALLETS, { limit: 1.5 }, 'update', 'en', translateKey).messages).toEqual({
      limit: ['Enter a whole number.'],
    });
    expect(checkForm(WALLETS, { limit: -1 }, 'update', 'en', translateKey).missingRequired).toBe(false);
  });

  it('converts datetime-local input to ISO with the local offset and back', () => {
    const iso = localInputToIso('2026-11-18T15:30');
    expect(iso).toMatch(/^2026-11-18T15:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date(2026, 10, 18, 15, 30).getTime());
    expect(isoToLocalInput(iso)).toBe('2026-11-18T15:30');
    expect(localInputToIso('nonsense')).toBe('nonsense');
  });
});
