/**
 * Where the Google Sheets adapter gets its credentials: `pluginSettings.finance.googleSheets` in
 * the configuration file, with the environment over it for secrets.
 *
 * ```json
 * "pluginSettings": { "finance": { "googleSheets": {
 *   "apiKey": "AIza…",                                   // or:
 *   "serviceAccount": { "client_email": "…", "private_key": "-----BEGIN PRIVATE KEY-----…", "token_uri": "…" },
 *   "baseUrl": "https://sheets.googleapis.com"
 * } } }
 * ```
 *
 * Environment: `ERP_GOOGLE_SHEETS_API_KEY` (an API key; the spreadsheets must be shared as
 * "anyone with the link can view") and `ERP_GOOGLE_SHEETS_SERVICE_ACCOUNT` (the service account's
 * JSON key file content; share the spreadsheets with its `client_email`). A service account wins
 * over an API key when both are given.
 */

export const DEFAULT_SHEETS_BASE_URL = 'https://sheets.googleapis.com';
export const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';

export interface ServiceAccount {
  readonly clientEmail: string;
  readonly privateKey: string;
  readonly tokenUri: string;
}

export type SheetsAuth =
  | { readonly kind: 'apiKey'; readonly apiKey: string }
  | { readonly kind: 'serviceAccount'; readonly account: ServiceAccount };

export interface SheetsConfig {
  readonly baseUrl: string;
  readonly auth: SheetsAuth;
}

/** What to tell the operator when nothing is configured. */
export const UNCONFIGURED_MESSAGE =
  'Google Sheets is not configured: set pluginSettings.finance.googleSheets.serviceAccount ({client_email, private_key}) ' +
  'or pluginSettings.finance.googleSheets.apiKey, or the environment variable ERP_GOOGLE_SHEETS_SERVICE_ACCOUNT or ERP_GOOGLE_SHEETS_API_KEY.';

/** The adapter's settings, or why they cannot be used (the adapter answers 503 with it). */
export type SheetsSettings = { readonly config: SheetsConfig } | { readonly problem: string };

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function serviceAccountOf(value: unknown, where: string): ServiceAccount | string {
  let json: unknown = value;
  if (typeof value === 'string') {
    try {
      json = JSON.parse(value);
    } catch {
      return `${where} is not valid JSON (give the service account's JSON key)`;
    }
  }
  if (!isObject(json)) return `${where} must be an object with client_email and private_key`;
  const clientEmail = nonEmpty(json.client_email);
  // Keys pasted through environment variables often carry "\n" escapes instead of line breaks.
  const privateKey = nonEmpty(json.private_key)?.replaceAll('\\n', '\n');
  if (!clientEmail || !privateKey) return `${where} needs both client_email and private_key`;
  const tokenUri = nonEmpty(json.token_uri) ?? DEFAULT_TOKEN_URI;
  if (!/^https?:\/\//.test(tokenUri)) return `${where}.token_uri must be an http(s) URL`;
  return { clientEmail, privateKey, tokenUri };
}

/** Reads `googleSheets` of the finance plugin's settings and the environment. */
export function readSheetsSettings(
  pluginSettings: Json,
  env: Readonly<Record<string, string | undefined>>,
): SheetsSettings {
  const section = pluginSettings.googleSheets;
  if (section !== undefined && !isObject(section))
    return { problem: 'pluginSettings.finance.googleSheets must be an object' };
  const sheets: Json = section ?? {};
  const baseUrl = (nonEmpty(sheets.baseUrl) ?? DEFAULT_SHEETS_BASE_URL).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(baseUrl))
    return { problem: 'pluginSettings.finance.googleSheets.baseUrl must be an http(s) URL' };
  const accountSource = nonEmpty(env.ERP_GOOGLE_SHEETS_SERVICE_ACCOUNT)
    ? { value: env.ERP_GOOGLE_SHEETS_SERVICE_ACCOUNT, where: 'ERP_GOOGLE_SHEETS_SERVICE_ACCOUNT' }
    : sheets.serviceAccount !== undefined
      ? { value: sheets.serviceAccount, where: 'pluginSettings.finance.googleSheets.serviceAccount' }
      : null;
  if (accountSource) {
    const account = serviceAccountOf(accountSource.value, accountSource.where);
    if (typeof account === 'string') return { problem: `Google Sheets is misconfigured: ${account}.` };
    return { config: { baseUrl, auth: { kind: 'serviceAccount', account } } };
  }
  const apiKey = nonEmpty(env.ERP_GOOGLE_SHEETS_API_KEY) ?? nonEmpty(sheets.apiKey);
  if (apiKey) return { config: { baseUrl, auth: { kind: 'apiKey', apiKey } } };
  return { problem: UNCONFIGURED_MESSAGE };
}
