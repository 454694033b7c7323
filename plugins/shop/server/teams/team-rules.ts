import { randomUUID } from 'node:crypto';
import type { RussianMessages } from '@core/sdk/server';
import { validationError, type ResourceHooks } from '@core/sdk/server';

/*
 * An agency team's rules: its `uuid` (the id outside systems know it by) is made once when it is
 * created and never changes (the field is read-only, so no body can set it); its time zone, whose
 * day the product limits count, must be one the runtime knows (a name the field's pattern lets
 * through, `Mars/Base`, is refused with a field message). Its users and bot are references the
 * engine checks: live users, a bot of the messenger's that is not deleted.
 */

export const TIME_ZONE_UNKNOWN = 'There is no such time zone: use a name like Europe/Kyiv or UTC.';

export const TEAMS_MESSAGES_RU: RussianMessages = {
  [TIME_ZONE_UNKNOWN]: 'Такого часового пояса нет: укажите название вроде Europe/Kyiv или UTC.',
};

/** Whether Intl (and so the order engine's day arithmetic) knows the zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const teamHooks: ResourceHooks = {
  async beforeWrite({ action, values }) {
    if (typeof values.timezone === 'string' && !isTimeZone(values.timezone))
      throw validationError({ timezone: [TIME_ZONE_UNKNOWN] });
    return action === 'create' ? { uuid: randomUUID() } : undefined;
  },
};
