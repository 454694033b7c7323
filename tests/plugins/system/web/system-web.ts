/**
 * The system plugin's screens in browser tests: records as the API answers them, list answers,
 * and the kernel's /api/jobs faked (the SDK's FakeJobs).
 */
import { listAnswer, referencesAnswer, serviceBase, testRecord, webPlugin } from '@core/sdk/testing-web';
import type { ResourceRecord } from '@core/sdk/shared';
import { systemManifest } from '@plugins/system/manifest';
import systemCode from '@plugins/system/web';

export const system = webPlugin(systemManifest, systemCode);
export const SYSTEM_API = serviceBase('system');

export const record = testRecord;

export const listOf = (rows: readonly ResourceRecord[]) => listAnswer(rows, 100);

export const references = referencesAnswer;

export { FakeJobs, installJobs } from '@core/sdk/testing-web';
