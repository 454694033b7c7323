import type { FastifyInstance } from 'fastify';
import { addFieldError, type DataEnvelope, type FieldErrors } from '@core/sdk/shared';
import {
  resetSetting,
  settingValueProblem,
  storedSettings,
  writeSetting,
  type Queryable,
  type SecretStatus,
  type ServerPluginContext,
  type SettingDefinition,
  type SettingsCatalogue,
  type SettingValue,
} from '@core/sdk/server';
import type { SystemSettingEntry, ValueSettingEntry } from '../shared/system-settings';
import { ACCESS, throwIfErrors } from './http';

const putSchema = {
  body: {
    type: 'object',
    maxProperties: 100,
  },
} as const;

function bounds(definition: SettingDefinition): Partial<ValueSettingEntry> {
  switch (definition.type) {
    case 'integer':
      return {
        ...(definition.min === undefined ? {} : { min: definition.min }),
        ...(definition.max === undefined ? {} : { max: definition.max }),
      };
    case 'string':
      return {
        ...(definition.minLength === undefined ? {} : { min_length: definition.minLength }),
        ...(definition.maxLength === undefined ? {} : { max_length: definition.maxLength }),
        ...(definition.values ? { values: definition.values } : {}),
        ...(definition.format ? { format: definition.format } : {}),
      };
    case 'boolean':
      return {};
  }
}

/** Every declared setting with its current value, then the secrets as set or not set. */
async function entries(
  db: Queryable,
  catalogue: SettingsCatalogue,
  secrets: readonly SecretStatus[],
): Promise<SystemSettingEntry[]> {
  const stored = await storedSettings(db);
  const values: SystemSettingEntry[] = catalogue.all().map((definition) => {
    const raw = stored.get(definition.key);
    // A stored value that no longer fits its declaration reads as the default (as readSetting does).
    const fits = raw !== undefined && settingValueProblem(definition, raw) === null;
    return {
      key: definition.key,
      type: definition.type,
      label_key: definition.labelKey,
      description: definition.description,
      default: definition.default,
      value: fits ? (raw as SettingValue) : definition.default,
      is_stored: fits,
      ...bounds(definition),
    };
  });
  const hidden: SystemSettingEntry[] = secrets.map((secret) => ({
    key: secret.key,
    type: 'secret',
    label_key: secret.labelKey,
    description: secret.description,
    is_set: secret.set,
    env: secret.env,
  }));
  return [...values, ...hidden];
}

/** The audit trail's name for the system settings. */
export const SYSTEM_SETTINGS_RESOURCE = 'core.system_settings';

/** A stored value as the audit trail keeps it: null when there is none (the default applies). */
const auditable = (value: unknown): string | number | boolean | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

/** Text values are trimmed, as every other form of the product trims. */
function normalized(value: string | number | boolean): string | number | boolean {
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * The system settings screen (code JS): `GET system-settings` lists what the core and the enabled
 * plugins declare; `PUT system-settings { key: value | null }` checks every key against its
 * declaration (422 naming each key that fails) and stores all or nothing; null resets to the default.
 */
export function systemSettingsRoutes(
  app: FastifyInstance,
  { db, users, audit, systemSettings: catalogue, secrets }: ServerPluginContext,
): void {
  const config = { access: ACCESS.settings };

  app.get(
    '/system-settings',
    { config },
    async (): Promise<DataEnvelope<SystemSettingEntry[]>> => ({ data: await entries(db, catalogue, secrets) }),
  );

  app.put<{ Body: Readonly<Record<string, unknown>> }>(
    '/system-settings',
    { schema: putSchema, config },
    async (request) => {
      const errors: FieldErrors = {};
      const changes: { definition: SettingDefinition; value: string | number | boolean | null }[] = [];
      for (const [key, raw] of Object.entries(request.body)) {
        const secret = secrets.find((entry) => entry.key === key);
        if (secret) {
          addFieldError(errors, key, `This secret is set only in the environment (${secret.env}).`);
          continue;
        }
        const definition = catalogue.get(key);
        if (!definition) {
          addFieldError(errors, key, 'There is no such setting.');
          continue;
        }
        if (raw !== null && typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
          addFieldError(errors, key, 'The value must be text, a number, true or false, or null for the default.');
          continue;
        }
        const value = raw === null ? null : normalized(raw);
        const problem = value === null ? null : settingValueProblem(definition, value);
        if (problem) addFieldError(errors, key, `The value ${problem}.`);
        else changes.push({ definition, value });
      }
      throwIfErrors(errors);
      // Recorded as updated_by when the caller's account row exists (a token outlives nothing else).
      const caller = users.callerOf(request);
      const actor = (await users.find(db, caller)) ? caller : null;
      await db.transaction(async (tx) => {
        const before = await storedSettings(tx);
        for (const change of changes) {
          if (change.value === null) await resetSetting(tx, change.definition);
          else await writeSetting(tx, change.definition, change.value, actor);
        }
        // Settings have no ids: the whole change is one entry of record 0, the keys in before and after.
        const keys = changes.map((change) => change.definition.key);
        await audit.record(tx, {
          resource: SYSTEM_SETTINGS_RESOURCE,
          recordId: 0,
          action: 'update',
          actorId: caller,
          before: Object.fromEntries(keys.map((key) => [key, auditable(before.get(key))])),
          after: Object.fromEntries(changes.map((change) => [change.definition.key, change.value])),
        });
      });
      return { data: await entries(db, catalogue, secrets), message: 'Successfully updated' };
    },
  );
}
