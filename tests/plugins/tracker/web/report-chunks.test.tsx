import { expect, it } from 'vitest';
import { csvChunks } from '@plugins/tracker/web/report/csv-chunks';

it('cuts a long file between records, each part with the header and the file line it stands on', () => {
  const text = 'day,clicks\r\n2026-01-01,1\r\n2026-01-02,2\r\n\r\n2026-01-03,3\r\n2026-01-04,4\r\n';
  expect(csvChunks(text, 2)).toEqual([
    { firstLine: 1, csv: 'day,clicks\n2026-01-01,1\n2026-01-02,2', records: 2 },
    // The blank line 4 stays, so the server counts 2026-01-03 as line 5.
    { firstLine: 3, csv: 'day,clicks\n\n2026-01-03,3', records: 1 },
    { firstLine: 5, csv: 'day,clicks\n2026-01-04,4', records: 1 },
  ]);
});

it('never cuts inside a quoted field that spans lines, and drops a byte-order mark', () => {
  const text = '\uFEFFcampaign,clicks\n"Spring\nsale",1\n"Plain",2';
  expect(csvChunks(text, 1)).toEqual([
    { firstLine: 1, csv: 'campaign,clicks\n"Spring\nsale",1', records: 1 },
    { firstLine: 3, csv: 'campaign,clicks\n"Plain",2', records: 1 },
  ]);
});

it('answers a header alone as one part and an empty file as none', () => {
  expect(csvChunks('day,clicks\n', 10)).toEqual([{ firstLine: 1, csv: 'day,clicks', records: 0 }]);
  expect(csvChunks('\n\n', 10)).toEqual([]);
});
