/**
 * The system plugin's screens in browser tests: records as the API answers them, list answers,
 * and the kernel's /api/jobs faked (tests/support/web/fake-jobs.ts).
 */
import { listAnswer, referencesAnswer, serviceBase, testRecord } from '@core/sdk/testing-web';
import type { ResourceRecord } from '@core/sdk/shared';
import { productPlugin } from '../../../support/web/product-plugins';

export const system = productPlugin('system');
export const SYSTEM_API = serviceBase('system');

export const record = testRecord;

export const listOf = (rows: readonly ResourceRecord[]) => listAnswer(rows, 100);

export const references = referencesAnswer;

export { FakeJobs, installJobs, type JobFrame } from '../../../support/web/fake-jobs';
