import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_CANNOT_WRITE,
  GoogleSheetsAdapter,
  SHEETS_SCOPE,
  SHEETS_WRITE_SCOPE,
} from '@plugins/finance/server/google-sheets/sheets-adapter';
import { readSheetsSettings } from '@plugins/finance/server/google-sheets/sheets-config';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { financeApp, type FinanceTestApp } from './finance-support';

/**
 * A local stand-in for the Sheets API v4 (spreadsheet metadata and the values endpoint) and for
 * Google's OAuth token endpoint, which checks the API key, the bearer token and the JWT signature.
 * Appends are kept in `appended`; a write needs a token granted the write scope.
 */
const API_KEY = 'test-api-key';
const ACCESS_TOKEN = 'ya29.test-token';
const SPREADSHEET = 'sheet-abc_123';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const CLIENT_EMAIL = 'reader@project.iam.gserviceaccount.com';

const ROWS: Record<string, string[][]> = {
  "'Main sheet'": [
    ['Date', 'Amount', 'Comment'],
    ['2026-11-01', '1,250.50', "O'Brien"],
    ['2026-11-02', '0.10'],
  ],
  'Second!A1:B1': [['x', 'y']],
};

let fake: Server;
let baseUrl: string;
const seen: { path: string; auth: string | undefined; key: string | null }[] = [];
let tokenRequests = 0;
const WRITE_TOKEN = 'ya29.test-write-token';
const appended: { range: string; query: string; body: unknown }[] = [];
let failWith: { status: number; body: string } | null = null;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

function checkAssertion(assertion: string): boolean {
  const [header, claims, signature] = assertion.split('.');
  if (!header || !claims || !signature) return false;
  const ok = verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'));
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  return ok && body.iss === CLIENT_EMAIL && body.aud === `${baseUrl}/token`;
}

const scopeOf = (assertion: string): unknown =>
  (JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString()) as { scope?: unknown }).scope;

beforeAll(async () => {
  fake = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (url.pathname === '/token' && request.method === 'POST') {
      tokenRequests += 1;
      const form = new URLSearchParams(await readBody(request));
      const assertion = form.get('assertion') ?? '';
      const scope = scopeOf(assertion);
      const granted =
        form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
        checkAssertion(assertion) &&
        (scope === SHEETS_SCOPE || scope === SHEETS_WRITE_SCOPE);
      if (!granted) return send(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      return send(200, {
        access_token: scope === SHEETS_WRITE_SCOPE ? WRITE_TOKEN : ACCESS_TOKEN,
        expires_in: 3599,
        token_type: 'Bearer',
      });
    }
    seen.push({ path: url.pathname, auth: request.headers.authorization, key: url.searchParams.get('key') });
    if (failWith) return send(failWith.status, failWith.body);
    const append = /^\/v4\/spreadsheets\/([^/]+)\/values\/([^/]+):append$/.exec(url.pathname);
    if (append && request.method === 'POST') {
      if (request.headers.authorization !== `Bearer ${WRITE_TOKEN}`)
        return send(403, { error: { code: 403, message: 'Request had insufficient authentication scopes.' } });
      const body = JSON.parse(await readBody(request)) as { values: unknown[][] };
      const range = decodeURIComponent(append[2] ?? '');
      appended.push({ range, query: url.search, body });
      return send(200, {
        spreadsheetId: append[1],
        updates: { updatedRange: `${range}!A5:C${4 + body.values.length}`, updatedRows: body.values.length },
      });
    }
    const authorised =
      url.searchParams.get('key') === API_KEY || request.headers.authorization === `Bearer ${ACCESS_TOKEN}`;
    if (!authorised)
      return send(403, {
        error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
      });
    const meta = /^\/v4\/spreadsheets\/([^/]+)$/.exec(url.pathname);
    if (meta && decodeURIComponent(meta[1] ?? '') === SPREADSHEET) {
      return send(200, { sheets: [{ properties: { title: 'Main sheet' } }, { properties: { title: 'Second' } }] });
    }
    const values = /^\/v4\/spreadsheets\/([^/]+)\/values\/([^/]+)$/.exec(url.pathname);
    if (values && decodeURIComponent(values[1] ?? '') === SPREADSHEET) {
      const range = decodeURIComponent(values[2] ?? '');
      const rows = ROWS[range];
      return rows
        ? send(200, { range, majorDimension: 'ROWS', values: rows })
        : send(400, { error: { code: 400, message: `Unable to parse range: ${range}` } });
    }
    return send(404, { error: { code: 404, message: 'Requested entity was not found.' } });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
}, DB_TIMEOUT);

afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
});

async function withApp(
  options: Parameters<typeof financeApp>[0],
  test: (t: FinanceTestApp, tableId: number) => Promise<void>,
): Promise<void> {
  const t = await financeApp(options);
  try {
    const created = await t.call(['FG'], 'POST', 'google-table', {
      name_en: 'Report',
      name_ru: 'Отчёт',
      spreadsheet_id: SPREADSHEET,
    });
    await test(t, created.json<{ data: { id: number } }>().data.id);
  } finally {
    await t.close();
  }
}

interface DataEnvelope {
  readonly data: {
    readonly sheets: string[];
    readonly range: string;
    readonly values: string[][];
    readonly table: { readonly id: number };
  };
}

describe('spreadsheet data through the Google Sheets adapter', { timeout: DB_TIMEOUT }, () => {
  it('reads the first sheet, or a chosen range, with an API key', async () => {
    await withApp({ settings: { googleSheets: { apiKey: API_KEY, baseUrl } } }, async (t, id) => {
      seen.length = 0;
      const response = await t.call(['FG'], 'GET', `google-tables/${id}/data`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<DataEnvelope>().data;
      expect(body.sheets).toEqual(['Main sheet', 'Second']);
      expect(body.range).toBe("'Main sheet'");
      expect(body.values).toEqual(ROWS["'Main sheet'"]);
      expect(body.table.id).toBe(id);
      expect(seen.every((call) => call.key === API_KEY && call.auth === undefined)).toBe(true);
      expect(seen.map((call) => call.path)).toEqual([
        `/v4/spreadsheets/${SPREADSHEET}`,
        `/v4/spreadsheets/${SPREADSHEET}/values/'Main%20sheet'`,
      ]);

      const ranged = await t.call(
        ['FG'],
        'GET',
        `google-tables/${id}/data?range=${encodeURIComponent('Second!A1:B1')}`,
      );
      expect(ranged.json<DataEnvelope>().data.values).toEqual([['x', 'y']]);
    });
  });

  it('takes the API key from ERP_GOOGLE_SHEETS_API_KEY', async () => {
    await withApp(
      { settings: { googleSheets: { baseUrl } }, env: { ERP_GOOGLE_SHEETS_API_KEY: API_KEY } },
      async (t, id) => {
        expect((await t.call(['FG'], 'GET', `google-tables/${id}/data`)).statusCode).toBe(200);
      },
    );
  });

  it('signs in as a service account (RS256 JWT for an access token) and reuses the token', async () => {
    const serviceAccount = { client_email: CLIENT_EMAIL, private_key: PRIVATE_PEM, token_uri: `${baseUrl}/token` };
    await withApp({ settings: { googleSheets: { serviceAccount, baseUrl } } }, async (t, id) => {
      seen.length = 0;
      tokenRequests = 0;
      const first = await t.call(['FG'], 'GET', `google-tables/${id}/data`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<DataEnvelope>().data.values[1]).toEqual(['2026-11-01', '1,250.50', "O'Brien"]);
      await t.call(['FG'], 'GET', `google-tables/${id}/data`);
      expect(tokenRequests).toBe(1);
      expect(seen.every((call) => call.auth === `Bearer ${ACCESS_TOKEN}` && call.key === null)).toBe(true);
    });
    // The same key as JSON text in the environment.
    await withApp(
      {
        settings: { googleSheets: { baseUrl } },
        env: { ERP_GOOGLE_SHEETS_SERVICE_ACCOUNT: JSON.stringify(serviceAccount) },
      },
      async (t, id) => {
        expect((await t.call(['FG'], 'GET', `google-tables/${id}/data`)).statusCode).toBe(200);
      },
    );
  });

  it('answers 502 naming the problem when the token endpoint refuses the service account', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const serviceAccount = { client_email: CLIENT_EMAIL, private_key: other, token_uri: `${baseUrl}/token` };
    await withApp({ settings: { googleSheets: { serviceAccount, baseUrl } } }, async (t, id) => {
      const response = await t.call(['FG'], 'GET', `google-tables/${id}/data`);
      expect(response.statusCode).toBe(502);
      expect(response.json<{ message: string }>().message).toBe(
        'Google Sheets refused the service account: 400 Invalid JWT Signature.',
      );
    });
  });

  it('answers 503 saying what to configure, and calls nobody, when nothing is configured', async () => {
    await withApp({ settings: { googleSheets: { baseUrl } } }, async (t, id) => {
      seen.length = 0;
      const response = await t.call(['FG'], 'GET', `google-tables/${id}/data`);
      expect(response.statusCode).toBe(503);
      const { message } = response.json<{ message: string }>();
      expect(message).toContain('Google Sheets is not configured');
      expect(message).toContain('pluginSettings.finance.googleSheets.serviceAccount');
      expect(message).toContain('ERP_GOOGLE_SHEETS_API_KEY');
      expect(seen).toEqual([]);
    });
    await withApp({ settings: { googleSheets: { serviceAccount: { client_email: CLIENT_EMAIL } } } }, async (t, id) => {
      const response = await t.call(['FG'], 'GET', `google-tables/${id}/data`);
      expect(response.statusCode).toBe(503);
      expect(response.json<{ message: string }>().message).toContain('needs both client_email and private_key');
    });
  });

  it('answers 502 with the upstream reason for a refused key, a failing service, a bad range or an unreachable host', async () => {
    await withApp({ settings: { googleSheets: { apiKey: 'wrong-key', baseUrl } } }, async (t, id) => {
      const response = await t.call(['FG'], 'GET', `google-tables/${id}/data`);
      expect(response.statusCode).toBe(502);
      expect(response.json<{ message: string }>().message).toBe(
        'Google Sheets could not read the spreadsheet: 403 The caller does not have permission',
      );
    });
    await withApp({ settings: { googleSheets: { apiKey: API_KEY, baseUrl } } }, async (t, id) => {
      const badRange = await t.call(['FG'], 'GET', `google-tables/${id}/data?range=Nowhere`);
      expect(badRange.statusCode).toBe(502);
      expect(badRange.json<{ message: string }>().message).toBe(
        'Google Sheets could not read the values: 400 Unable to parse range: Nowhere',
      );
      failWith = { status: 500, body: 'internal trouble' };
      try {
        const down = await t.call(['FG'], 'GET', `google-tables/${id}/data`);
        expect(down.statusCode).toBe(502);
        expect(down.json<{ message: string }>().message).toMatch(/^Google Sheets could not read the spreadsheet: 500/);
      } finally {
        failWith = null;
      }
    });
    await withApp({ settings: { googleSheets: { apiKey: API_KEY, baseUrl: 'http://127.0.0.1:1' } } }, async (t, id) => {
      const response = await t.call(['FG'], 'GET', `google-tables/${id}/data`);
      expect(response.statusCode).toBe(502);
      expect(response.json<{ message: string }>().message).toBe(
        'Google Sheets could not read the spreadsheet: it could not be reached',
      );
    });
  });

  it('answers 404 for a table that does not exist, before calling out', async () => {
    await withApp({ settings: { googleSheets: { apiKey: API_KEY, baseUrl } } }, async (t) => {
      expect((await t.call(['FG'], 'GET', 'google-tables/424242/data')).statusCode).toBe(404);
    });
  });
});

describe('appending rows for other plugins (context.spreadsheets)', () => {
  const serviceAccount = { client_email: CLIENT_EMAIL, private_key: PRIVATE_PEM, token_uri: '' };
  const adapter = (settings: Record<string, unknown>) =>
    new GoogleSheetsAdapter(readSheetsSettings({ googleSheets: { baseUrl, ...settings } }, {}));

  it('appends the rows as entered, under a token with the write scope', async () => {
    appended.length = 0;
    const sheets = adapter({ serviceAccount: { ...serviceAccount, token_uri: `${baseUrl}/token` } });
    const result = await sheets.append(SPREADSHEET, "Team's orders", [
      ['2026-11-24', '=1+1', 3],
      ['2026-11-25', 'Pages × 2', 2],
    ]);
    expect(result).toEqual({ updatedRange: "'Team''s orders'!A5:C6", updatedRows: 2 });
    expect(appended).toEqual([
      {
        range: "'Team''s orders'",
        query: '?valueInputOption=RAW&insertDataOption=INSERT_ROWS',
        body: {
          majorDimension: 'ROWS',
          values: [
            ['2026-11-24', '=1+1', 3],
            ['2026-11-25', 'Pages × 2', 2],
          ],
        },
      },
    ]);
  });

  it('refuses with 503 and calls nobody when only an API key is configured, or nothing', async () => {
    seen.length = 0;
    await expect(adapter({ apiKey: API_KEY }).append(SPREADSHEET, 'Orders', [['x']])).rejects.toMatchObject({
      status: 503,
      message: API_KEY_CANNOT_WRITE,
    });
    await expect(adapter({}).append(SPREADSHEET, 'Orders', [['x']])).rejects.toMatchObject({ status: 503 });
    expect(seen).toEqual([]);
  });
});
