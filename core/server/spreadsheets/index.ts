import { ProviderSlot, type Providable } from '../provided-service';

/** One cell as a spreadsheet takes it: text, or a number it may compute with. */
export type SpreadsheetCell = string | number;

/** What a spreadsheet answered to an append. */
export interface AppendResult {
  /** The range the rows went to, in the spreadsheet's notation (`'Orders'!A12:F14`). */
  readonly updatedRange: string;
  readonly updatedRows: number;
}

/** Appends rows to a sheet of a spreadsheet (a team's orders to its Google spreadsheet, say). */
export interface SpreadsheetWriter {
  /** Adds `rows` after the last filled row of `sheet`; the sheet must exist. */
  append(spreadsheetId: string, sheet: string, rows: readonly (readonly SpreadsheetCell[])[]): Promise<AppendResult>;
}

export const SPREADSHEETS_UNAVAILABLE = 'Spreadsheet export is unavailable: it needs the finance plugin, which holds the Google Sheets connection.';

/** No plugin provides a spreadsheet connection (the finance plugin is off). */
export class SpreadsheetsUnavailableError extends Error {
  constructor(message = SPREADSHEETS_UNAVAILABLE) {
    super(message);
    this.name = 'SpreadsheetsUnavailableError';
  }
}

/**
 * What plugins export to spreadsheets through (`context.spreadsheets`). One plugin provides the
 * connection (finance, with its Google Sheets adapter); every other calls `append`, and gets
 * SpreadsheetsUnavailableError while nobody provides it.
 */
export interface SpreadsheetService extends SpreadsheetWriter, Providable<SpreadsheetWriter> {}

/** The connection's place; `available` may be true while it is unconfigured (its append says so). */
class SpreadsheetConnection extends ProviderSlot<SpreadsheetWriter> implements SpreadsheetService {
  constructor() {
    super('The spreadsheet connection', () => new SpreadsheetsUnavailableError());
  }

  async append(spreadsheetId: string, sheet: string, rows: readonly (readonly SpreadsheetCell[])[]): Promise<AppendResult> {
    return this.provider().append(spreadsheetId, sheet, rows);
  }
}

export function createSpreadsheetService(): SpreadsheetService {
  return new SpreadsheetConnection();
}
