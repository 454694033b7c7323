import { inject, injectable } from 'inversify';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { DataEnvelope } from '@core/sdk/shared';
import { HttpClients, type StoreContribution } from '@core/sdk/web';
import { trackerManifest } from '../../manifest';
import type { ImportReport } from '../../shared/report';
import { csvChunks } from './csv-chunks';

/** Records sent per request: well under the server's limit, small enough for the progress to move. */
export const IMPORT_CHUNK_RECORDS = 2000;

const EMPTY_REPORT: ImportReport = { lines: 0, imported: 0, updated: 0, duplicates: 0, errors: [] };

const added = (sum: ImportReport, part: ImportReport): ImportReport => ({
  lines: sum.lines + part.lines,
  imported: sum.imported + part.imported,
  updated: sum.updated + part.updated,
  duplicates: sum.duplicates + part.duplicates,
  errors: [...sum.errors, ...part.errors],
});

/**
 * Importing a tracker's CSV export into the statistics: the file goes in parts, one after the
 * other, and `progress` says how many of its records have been sent; `report` adds up the parts'
 * answers. A failing part stops the import (the parts before it are stored, and sending the file
 * again adds only what is missing: the server ignores lines it holds).
 */
@injectable()
export class StatisticsImportStore implements StoreContribution {
  running = false;
  progress = { sent: 0, total: 0 };
  report: ImportReport | null = null;

  constructor(@inject(HttpClients) private readonly http: HttpClients) {
    makeObservable(this, { running: observable, progress: observableRef, report: observableRef, reset: action });
  }

  async importCsv(tracker: number, text: string): Promise<ImportReport> {
    const chunks = csvChunks(text, IMPORT_CHUNK_RECORDS);
    runInAction(() => {
      this.running = true;
      this.report = null;
      this.progress = { sent: 0, total: chunks.reduce((sum, chunk) => sum + chunk.records, 0) };
    });
    let report = EMPTY_REPORT;
    try {
      // A header alone still goes once, so the server says the file is empty.
      for (const chunk of chunks.length > 0 ? chunks : [{ firstLine: 1, csv: text, records: 0 }]) {
        const answer = await this.http
          .get(trackerManifest.service)
          .post<DataEnvelope<ImportReport>>(
            'statistics/import',
            { tracker, csv: chunk.csv, first_line: chunk.firstLine },
            { silent: true },
          );
        report = added(report, answer.data);
        runInAction(() => {
          this.progress = { sent: this.progress.sent + chunk.records, total: this.progress.total };
          this.report = report;
        });
      }
      return report;
    } finally {
      runInAction(() => (this.running = false));
    }
  }

  reset(): void {
    this.running = false;
    this.progress = { sent: 0, total: 0 };
    this.report = null;
  }
}
