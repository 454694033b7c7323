import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { ApiError } from '@core/sdk/server';
import type { AppendResult, SpreadsheetCell, SpreadsheetWriter } from '../services';
import type { ServiceAccount, SheetsConfig, SheetsSettings } from './sheets-config';

/**
 * Reads spreadsheet values through the Google Sheets API v4:
 * `GET {baseUrl}/v4/spreadsheets/{id}?fields=sheets.properties.title` for the sheet titles and
 * `GET {baseUrl}/v4/spreadsheets/{id}/values/{range}` for the cells, authorised by an API key
 * (`?key=`) or by a service account's access token (a JWT signed with its key, RS256, exchanged
 * at its token URI). Appending rows (`values:append`, for other plugins' exports through
 * the `finance.spreadsheets` service) needs a service account. Unconfigured → 503 saying what to configure;
 * any upstream failure → 502 naming it. It never makes rows up.
 */

export interface SheetValues {
  readonly spreadsheet_id: string;
  /** Sheet titles in the spreadsheet's order; the first is read when no range is asked for. */
  readonly sheets: readonly string[];
  /** The range Google answered for, e.g. `'Sheet1'!A1:D20`. */
  readonly range: string;
  /** Rows of formatted cell text; trailing empty cells are left out by Google. */
  readonly values: readonly (readonly string[])[];
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly';
/** Asked for only when writing, so a reading deployment's tokens never carry more than reading. */
export const SHEETS_WRITE_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
const TIMEOUT_MS = 20_000;
const TOKEN_LIFETIME_S = 3600;
// Renew a little before Google's expiry, so a token never lapses in flight.
const TOKEN_MARGIN_S = 60;

const base64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** A signed JWT assertion for the OAuth 2 JWT-bearer grant (RFC 7523). */
export function serviceAccountAssertion(
  account: ServiceAccount,
  key: KeyObject,
  nowSeconds: number,
  scope = SHEETS_SCOPE,
): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: account.clientEmail,
      scope,
      aud: account.tokenUri,
      iat: nowSeconds,
      exp: nowSeconds + TOKEN_LIFETIME_S,
    }),
  );
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), key);
  return `${header}.${claims}.${base64url(signature)}`;
}

function upstream(what: string, detail: string): ApiError {
  return new ApiError(502, `Google Sheets ${what}: ${detail}`);
}

async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; error_description?: unknown };
    const message =
      typeof body.error === 'object' && typeof body.error?.message === 'string'
        ? body.error.message
        : typeof body.error_description === 'string'
          ? body.error_description
          : typeof body.error === 'string'
            ? body.error
            : '';
    if (message) return `${response.status} ${message}`;
  } catch {
    // Not JSON: fall through to the status alone.
  }
  return `${response.status} ${response.statusText}`.trim();
}

/** A sheet title as a range (`'My sheet'`: quoted, inner quotes doubled). */
export function sheetRange(title: string): string {
  return `'${title.replaceAll("'", "''")}'`;
}

export const API_KEY_CANNOT_WRITE =
  'Writing to Google Sheets needs a service account: an API key can only read. Set pluginSettings.finance.googleSheets.serviceAccount or ERP_GOOGLE_SHEETS_SERVICE_ACCOUNT, and share the spreadsheet with its client_email as an editor.';

interface AccessToken {
  readonly value: string;
  readonly expiresAt: number;
}

export class GoogleSheetsAdapter implements SpreadsheetWriter {
  /** Access tokens by scope. */
  private readonly tokens = new Map<string, AccessToken>();
  private key: KeyObject | null = null;

  constructor(
    private readonly settings: SheetsSettings,
    private readonly fetchImpl: FetchLike = fetch,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The configuration, or the 503 that says what is missing. */
  private config(): SheetsConfig {
    if ('problem' in this.settings) throw new ApiError(503, this.settings.problem);
    return this.settings.config;
  }

  async read(spreadsheetId: string, range?: string): Promise<SheetValues> {
    const config = this.config();
    const id = encodeURIComponent(spreadsheetId);
    const meta = await this.getJson(
      config,
      `/v4/spreadsheets/${id}`,
      { fields: 'sheets.properties.title' },
      'could not read the spreadsheet',
    );
    const sheets = Array.isArray((meta as { sheets?: unknown }).sheets)
      ? (meta as { sheets: { properties?: { title?: unknown } }[] }).sheets
          .map((sheet) => sheet.properties?.title)
          .filter((title): title is string => typeof title === 'string')
      : [];
    const wanted = range ?? (sheets[0] === undefined ? undefined : sheetRange(sheets[0]));
    if (wanted === undefined) throw upstream('answered with a spreadsheet without sheets', spreadsheetId);
    const body = await this.getJson(
      config,
      `/v4/spreadsheets/${id}/values/${encodeURIComponent(wanted)}`,
      { majorDimension: 'ROWS', valueRenderOption: 'FORMATTED_VALUE' },
      'could not read the values',
    );
    const { range: answered, values } = body as { range?: unknown; values?: unknown };
    if (values !== undefined && !(Array.isArray(values) && values.every(Array.isArray))) {
      throw upstream('answered with values that are not rows', spreadsheetId);
    }
    const rows = ((values as unknown[][] | undefined) ?? []).map((row) =>
      row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
    );
    return {
      spreadsheet_id: spreadsheetId,
      sheets,
      range: typeof answered === 'string' ? answered : wanted,
      values: rows,
    };
  }

  private async getJson(
    config: SheetsConfig,
    path: string,
    query: Record<string, string>,
    what: string,
  ): Promise<unknown> {
    const url = new URL(`${config.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (config.auth.kind === 'apiKey') url.searchParams.set('key', config.auth.apiKey);
    else headers.authorization = `Bearer ${await this.accessToken(config.auth.account, SHEETS_SCOPE)}`;
    return this.json(await this.call(url.toString(), { headers }, what), SHEETS_SCOPE, what);
  }

  /**
   * `POST …/values/{sheet}:append` with the rows as entered (RAW: nothing is parsed as a formula),
   * inserted as new rows after the sheet's last filled one.
   */
  async append(
    spreadsheetId: string,
    sheet: string,
    rows: readonly (readonly SpreadsheetCell[])[],
  ): Promise<AppendResult> {
    const config = this.config();
    if (config.auth.kind === 'apiKey') throw new ApiError(503, API_KEY_CANNOT_WRITE);
    const url = new URL(
      `${config.baseUrl}/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(sheetRange(sheet))}:append`,
    );
    url.searchParams.set('valueInputOption', 'RAW');
    url.searchParams.set('insertDataOption', 'INSERT_ROWS');
    const what = 'could not append the rows';
    const response = await this.call(
      url.toString(),
      {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${await this.accessToken(config.auth.account, SHEETS_WRITE_SCOPE)}`,
        },
        body: JSON.stringify({ majorDimension: 'ROWS', values: rows }),
      },
      what,
    );
    const body = (await this.json(response, SHEETS_WRITE_SCOPE, what)) as {
      updates?: { updatedRange?: unknown; updatedRows?: unknown };
    };
    const { updatedRange, updatedRows } = body.updates ?? {};
    if (typeof updatedRange !== 'string' || typeof updatedRows !== 'number')
      throw upstream(what, 'the answer does not say where the rows went');
    return { updatedRange, updatedRows };
  }

  private async json(response: Response, scope: string, what: string): Promise<unknown> {
    if (!response.ok) {
      // A rejected token is dropped so the next call asks for a fresh one.
      if (response.status === 401) this.tokens.delete(scope);
      throw upstream(what, await errorDetail(response));
    }
    try {
      return await response.json();
    } catch {
      throw upstream(what, 'the answer is not JSON');
    }
  }

  private async call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${TIMEOUT_MS / 1000} s`
          : 'it could not be reached';
      throw upstream(what, reason);
    }
  }

  private signingKey(account: ServiceAccount): KeyObject {
    if (!this.key) {
      try {
        this.key = createPrivateKey(account.privateKey);
      } catch {
        throw new ApiError(
          503,
          'Google Sheets is misconfigured: the service account private_key is not a valid PEM private key.',
        );
      }
    }
    return this.key;
  }

  private async accessToken(account: ServiceAccount, scope: string): Promise<string> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const cached = this.tokens.get(scope);
    if (cached && cached.expiresAt > nowSeconds) return cached.value;
    const assertion = serviceAccountAssertion(account, this.signingKey(account), nowSeconds, scope);
    const response = await this.call(
      account.tokenUri,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      },
      'refused the service account',
    );
    if (!response.ok) throw upstream('refused the service account', await errorDetail(response));
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== 'string' || body.access_token === '')
      throw upstream('refused the service account', 'no access token in the answer');
    const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : TOKEN_LIFETIME_S;
    this.tokens.set(scope, {
      value: body.access_token,
      expiresAt: nowSeconds + Math.max(lifetime - TOKEN_MARGIN_S, 1),
    });
    return body.access_token;
  }
}
