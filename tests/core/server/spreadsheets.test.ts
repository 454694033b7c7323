import { describe, expect, it } from 'vitest';
import { createSpreadsheetService, SPREADSHEETS_UNAVAILABLE, SpreadsheetsUnavailableError, type SpreadsheetWriter } from '@core/server/spreadsheets';

/** `context.spreadsheets`: one plugin provides the connection, every plugin appends through it. */
describe('the spreadsheet service', () => {
  it('refuses an append with SpreadsheetsUnavailableError while nobody provides a connection', async () => {
    const service = createSpreadsheetService();
    expect(service.available).toBe(false);
    const refusal = service.append('sheet', 'Orders', [['x']]);
    await expect(refusal).rejects.toBeInstanceOf(SpreadsheetsUnavailableError);
    await expect(refusal).rejects.toThrow(SPREADSHEETS_UNAVAILABLE);
  });

  it('hands appends to the provided connection, and refuses a second provider', async () => {
    const service = createSpreadsheetService();
    const calls: unknown[] = [];
    const writer: SpreadsheetWriter = {
      append: async (spreadsheetId, sheet, rows) => {
        calls.push({ spreadsheetId, sheet, rows });
        return { updatedRange: `${sheet}!A1:A${rows.length}`, updatedRows: rows.length };
      },
    };
    service.provide(writer);
    expect(service.available).toBe(true);
    await expect(service.append('key', 'Orders', [['a'], [1]])).resolves.toEqual({ updatedRange: 'Orders!A1:A2', updatedRows: 2 });
    expect(calls).toEqual([{ spreadsheetId: 'key', sheet: 'Orders', rows: [['a'], [1]] }]);
    expect(() => service.provide(writer)).toThrow('The spreadsheet connection is provided twice.');
  });
});
