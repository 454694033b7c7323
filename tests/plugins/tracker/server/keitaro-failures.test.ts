import { describe, expect, it } from 'vitest';
import { formatMessage } from '@core/sdk/shared';
import { KeitaroUnreachableError } from '@plugins/tracker/server/keitaro/keitaro-api';
import {
  failureStatus,
  KEITARO_NOT_ITS_API,
  KEITARO_SYNC_MESSAGES_RU,
  KEITARO_TIMED_OUT,
  KEITARO_UNREACHABLE,
  keitaroFailure,
} from '@plugins/tracker/server/keitaro/sync-failures';

describe('why Keitaro could not be heard', () => {
  it('is said in a sentence of its own per reason, each translated, each answered with 502', () => {
    const failures = [
      keitaroFailure(new KeitaroUnreachableError('POST /offers', { kind: 'connection' }), 'Main'),
      keitaroFailure(new KeitaroUnreachableError('POST /offers', { kind: 'timeout', ms: 10_000 }), 'Main'),
      keitaroFailure(
        new KeitaroUnreachableError('POST /offers', { kind: 'notItsApi', detail: 'the answer is not JSON' }),
        'Main',
      ),
    ];
    expect(failures.map((failure) => failure.message)).toEqual([
      formatMessage(KEITARO_UNREACHABLE, { server: 'Main' }),
      formatMessage(KEITARO_TIMED_OUT, { server: 'Main', seconds: '10' }),
      formatMessage(KEITARO_NOT_ITS_API, { server: 'Main' }),
    ]);
    expect(failures.map((failure) => failure.status)).toEqual([502, 502, 502]);
    // The adapter's own words (for the log) never reach the user's sentence.
    expect(failures[2]?.message).not.toContain('JSON');
    for (const template of [KEITARO_UNREACHABLE, KEITARO_TIMED_OUT, KEITARO_NOT_ITS_API]) {
      expect(KEITARO_SYNC_MESSAGES_RU[template]).toMatch(/Keitaro/);
      expect(failureStatus(formatMessage(template, { server: 'Main', seconds: '10' }))).toBe(502);
    }
  });
});
