/**
 * The system plugin's screens in browser tests: records as the API answers them, list answers,
 * and the kernel's /api/jobs faked (tests/support/web/fake-jobs.ts).
 */
import { jsonResponse, serviceBase } from '@core/sdk/testing-web';
import type { ResourceRecord } from '@core/sdk/shared';
import { productPlugin } from '../../../support/web/product-plugins';

export const system = productPlugin('system');
export const SYSTEM_API = serviceBase('system');

export function record(id: number, values: Readonly<Record<string, unknown>> = {}): ResourceRecord {
  return { id, version: 1, created_at: '2026-11-01T09:00:00.000Z', updated_at: '2026-11-01T09:00:00.000Z', deleted_at: null, ...values };
}

export const listOf = (rows: readonly ResourceRecord[]) => ({ data: { data: rows, current_page: 1, last_page: 1, per_page: 100, total: rows.length } });

/** A reference search answer from `options`, by `q` or `ids` as the engine asks. */
export function references(options: readonly { id: number; label: string }[]) {
  return (_request: unknown, url: URL) => {
    const ids = url.searchParams.get('ids');
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = ids ? options.filter((option) => ids.split(',').includes(String(option.id))) : options.filter((option) => option.label.toLowerCase().includes(q));
    return jsonResponse(200, { data: found });
  };
}

export { FakeJobs, installJobs, type JobFrame } from '../../../support/web/fake-jobs';
