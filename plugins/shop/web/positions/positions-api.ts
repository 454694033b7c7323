import type { DataEnvelope } from '@core/sdk/shared';
import { HttpError, type HttpClients } from '@core/sdk/web';
import { shopManifest } from '../../manifest';
import type { BulkLoadReport, LineError } from '../../shared/positions';

/*
 * The positions routes the screen calls beyond the engine's: the bulk load, a product's format (its
 * hint), and the reveal of one position's data. The shapes are the server's
 * (server/positions/bulk-load.ts, format-route.ts, reveal-route.ts).
 */

export interface BulkLoadRequest {
  readonly product: number;
  readonly lines: string;
  readonly skip_invalid: boolean;
}

/** What a load came to: written, refused line by line (nothing written), or refused as a whole (a field's message). */
export type BulkLoadOutcome =
  | { readonly kind: 'loaded'; readonly report: BulkLoadReport }
  | { readonly kind: 'refused'; readonly message: string; readonly lines: readonly LineError[] };

const isLineError = (value: unknown): value is LineError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LineError).line === 'number' &&
  typeof (value as LineError).message === 'string';

/** The line report of a 422 that refused lines, or null for any other failure. */
function refusedLines(error: unknown): BulkLoadOutcome | null {
  if (!(error instanceof HttpError) || error.status !== 422) return null;
  const body = error.body as { message?: unknown; errors?: unknown } | undefined;
  if (!Array.isArray(body?.errors) || !body.errors.every(isLineError)) return null;
  return { kind: 'refused', message: typeof body.message === 'string' ? body.message : '', lines: body.errors };
}

const shop = (clients: HttpClients) => clients.get(shopManifest.service);

/** Sends a load; a refusal by lines is an outcome, any other failure rejects (its message is the server's). */
export async function loadPositions(clients: HttpClients, request: BulkLoadRequest): Promise<BulkLoadOutcome> {
  try {
    const answer = await shop(clients).post<DataEnvelope<BulkLoadReport>>('positions/bulk', request, { silent: true });
    return { kind: 'loaded', report: answer.data };
  } catch (error) {
    const refused = refusedLines(error);
    if (refused) return refused;
    throw error;
  }
}

/** The format of the product's category (`login:password:email`). */
export async function productFormat(clients: HttpClients, product: number, signal?: AbortSignal): Promise<string> {
  const answer = await shop(clients).get<DataEnvelope<{ format: string }>>(`positions/product-format/${product}`, {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return answer.data.format;
}

/** One position's data (audited on the server). */
export async function revealData(clients: HttpClients, position: number, signal?: AbortSignal): Promise<string> {
  const answer = await shop(clients).get<DataEnvelope<{ data: string }>>(`positions/${position}/data`, {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return answer.data.data;
}

/** Positions of a text: its lines that are not blank (as the server counts them). */
export const positionCount = (text: string): number =>
  text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length;
