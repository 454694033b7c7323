import { afterAll, beforeAll, expect } from 'vitest';
import { ApiError } from '@core/server/http/api-error';
import { recordWriter, type Actor, type RecordWriter } from '@core/server/resource';
import { addUser, DB_TIMEOUT } from '../../../support/server/test-database';
import { openLab, SAMPLE_RESOURCES, type Lab } from './support-resource';

/*
 * What the record writer's tests share: the sample lab, a writer over its resources as a plugin's
 * route gets it (`context.records`), a staff user who acts, and how they read a refusal.
 */

/** The sample lab, with the record writer and the staff user who writes through it. */
export interface RecordWriterLab extends Pick<Lab, 'db' | 'app' | 'log'> {
  readonly records: RecordWriter;
  readonly staffId: number;
  readonly actor: Actor;
}

/**
 * Opens the lab before the file's tests, with a staff user named `username` (`<username>@example.com`)
 * acting in English, and closes it after them. The fields are there from the first test on: the hooks
 * run before any test reads them.
 */
export function recordWriterLab(username: string): RecordWriterLab {
  let opened: (Lab & RecordWriterLab) | null = null;
  beforeAll(async () => {
    const lab = await openLab();
    const records = recordWriter(lab.db, SAMPLE_RESOURCES);
    const staffId = await addUser(lab.db, {
      username,
      email: `${username}@example.com`,
      password: `${username}-password-1`,
    });
    opened = { ...lab, records, staffId, actor: { id: staffId, language: 'en' } };
  }, DB_TIMEOUT);
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): RecordWriterLab => {
    if (!opened) throw new Error('The record writer lab is read before its beforeAll opened it.');
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get app() {
      return current().app;
    },
    get log() {
      return current().log;
    },
    get records() {
      return current().records;
    },
    get staffId() {
      return current().staffId;
    },
    get actor() {
      return current().actor;
    },
  };
}

let counter = 0;

/** A name no earlier call gave: `Books 1`, `Books 2`, so a unique column never refuses a test's record. */
export const unique = (prefix: string): string => `${prefix} ${++counter}`;

/** The ApiError `work` was refused with; fails the test when it was not refused. */
export async function refusal(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
