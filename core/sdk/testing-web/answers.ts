import type { ResourceRecord } from '@core/shared/resource/definition';
import { jsonResponse } from './fetch';

/** A record as the engine's API answers it: `values` over the columns every record has. */
export function testRecord(id: number, values: Readonly<Record<string, unknown>> = {}): ResourceRecord {
  return {
    id,
    version: 1,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    deleted_at: null,
    ...values,
  };
}

/** A list answer holding `rows` as its only page. */
export function listAnswer(rows: readonly ResourceRecord[], perPage = 20) {
  return { data: { data: rows, current_page: 1, last_page: 1, per_page: perPage, total: rows.length } };
}

/** A `references/<path>` handler for a FakeService: `options` searched by `q`, or named by `ids`, as pickers ask. */
export function referencesAnswer(options: readonly { id: number; label: string }[]) {
  return (_request: unknown, url: URL): Response => {
    const ids = url.searchParams.get('ids');
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = ids
      ? options.filter((option) => ids.split(',').includes(String(option.id)))
      : options.filter((option) => option.label.toLowerCase().includes(q));
    return jsonResponse(200, { data: found });
  };
}
