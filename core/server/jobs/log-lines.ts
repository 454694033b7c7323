import type { MessageValues } from '@core/shared/format-message';
import type { MessageTranslator } from '../http/message-translations';
import type { Reader } from '../http/reader';
import type { StoredLogLine } from './store';
import type { JobLogLine, JobLogMessage } from './types';

/** The longest text a line keeps (a key, or a line given as text), and the longest its values may be as JSON. */
const MAX_TEXT = 4000;
const MAX_PARAMS_JSON = 8000;

/** What `context.log` stores: a key and its values, or a finished text with no values. */
export function logLineToStore(line: JobLogMessage | string): { message: string; params: MessageValues | null } {
  if (typeof line === 'string') return { message: line.slice(0, MAX_TEXT), params: null };
  if (typeof line.key !== 'string' || line.key.length === 0 || line.key.length > MAX_TEXT)
    throw new TypeError(`A job log key is text of 1 to ${MAX_TEXT} characters.`);
  const params = line.params ?? {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value)))
      throw new TypeError(`The job log value "${name}" is not text or a finite number.`);
  }
  if (JSON.stringify(params).length > MAX_PARAMS_JSON)
    throw new TypeError(`A job log line's values take at most ${MAX_PARAMS_JSON} characters as JSON.`);
  return { message: line.key, params };
}

/*
 * A job's log lines are worded when they are read, on the server, for the reader the request names
 * (Accept-Language and time zone). On the server rather than in the browser because a plugin's log
 * wording lives with its other server texts (its `messages.ru`, the catalogue its refusals are
 * translated from); because one kernel panel shows every plugin's jobs and would otherwise need each
 * plugin's strings loaded into its namespace; and because any API caller, not only the web app,
 * then reads the same text.
 */

/** The line for `reader`: a key and its values worded and formatted; a line stored as text as it was written. */
export function logLineFor(line: StoredLogLine, translator: MessageTranslator, reader: Reader): JobLogLine {
  const message =
    line.params === null ? line.message : translator.render(line.message, line.params, reader.language, reader.format);
  return { id: line.id, at: line.at, level: line.level, message };
}
