import type { Actor, RecordWriter } from '@core/sdk/server';
import type { FieldValue, ResourceRecord } from '@core/sdk/shared';
import { setupTasksResource, type SetupState } from '../../shared/resources';
import type { SetupAction } from '../../shared/setup';

export const ALREADY_TAKEN = 'This setup task is already taken.';
export const ALREADY_FINISHED = 'This setup task is already finished.';
export const NOT_TAKEN = 'Take this setup task before finishing it.';

/** Why the action does not apply to a task in `state`, or null when it does. */
function refusal(action: SetupAction, state: unknown): string | null {
  if (state === 'done' || state === 'failed') return ALREADY_FINISHED;
  if (action === 'take') return state === 'queued' ? null : ALREADY_TAKEN;
  return state === 'taken' ? null : NOT_TAKEN;
}

const FINISHED: Readonly<Record<Exclude<SetupAction, 'take'>, SetupState>> = { done: 'done', fail: 'failed' };

function valuesOf(action: SetupAction, comment: string | null, actor: Actor): Record<string, FieldValue> {
  const now = new Date().toISOString();
  if (action === 'take') return { state: 'taken', assignee: actor.id, taken_at: now };
  // The assignee stays whoever took it; the history's actor says who finished.
  return { state: FINISHED[action], finished_at: now, ...(comment === null ? {} : { comment }) };
}

/**
 * One move of the queue through the engine (locked, version-checked, in the task's history as
 * `take`, `done` or `fail`): queued → taken by the caller; taken → done or failed. Anyone with SS
 * may finish a task someone else took (a colleague covers for one who is away).
 */
export function moveSetupTask(
  records: RecordWriter,
  id: number,
  action: SetupAction,
  version: number,
  comment: string | null,
  actor: Actor,
): Promise<ResourceRecord> {
  return records.change(
    setupTasksResource,
    id,
    { action, values: valuesOf(action, comment, actor), version, refuse: (row) => refusal(action, row.before.state) },
    actor,
  );
}
