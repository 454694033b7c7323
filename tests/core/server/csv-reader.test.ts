import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, readCsv } from '@core/sdk/server';

describe('readCsv', () => {
  it('reads records with the file line each starts on, skipping blank lines', () => {
    expect(readCsv('day,clicks\n\n2026-01-01,1\r\n2026-01-02,2\r\n')).toEqual([
      { line: 1, cells: ['day', 'clicks'] },
      { line: 3, cells: ['2026-01-01', '1'] },
      { line: 4, cells: ['2026-01-02', '2'] },
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted cells, counting the lines they span', () => {
    expect(readCsv('name,note\n"Spring, sale","say ""hi""\nand bye"\nlast,')).toEqual([
      { line: 1, cells: ['name', 'note'] },
      { line: 2, cells: ['Spring, sale', 'say "hi"\nand bye'] },
      { line: 4, cells: ['last', ''] },
    ]);
  });

  it('numbers the lines of a part from the line it starts on', () => {
    expect(readCsv('a,b\n1,2', 41).map((record) => record.line)).toEqual([41, 42]);
  });

  it('drops a byte-order mark before the header', () => {
    expect(readCsv('\uFEFFday,clicks')).toEqual([{ line: 1, cells: ['day', 'clicks'] }]);
  });

  it('reports a quote never closed with the line it opened on', () => {
    const thrown = (() => {
      try {
        readCsv('a,b\n1,2\n3,"open\nstill open');
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(CsvSyntaxError);
    expect(thrown).toMatchObject({ line: 3 });
  });

  it('reads nothing from an empty text', () => {
    expect(readCsv('')).toEqual([]);
  });
});
