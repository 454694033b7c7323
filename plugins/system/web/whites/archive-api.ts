import type { HttpClients } from '@core/sdk/web';

/** The largest archive the server takes (whites/archive-body.ts): 20 MB. */
export const MAX_ARCHIVE_BYTES = 20 * 1024 * 1024;

/** A file name the server takes: ends in .zip, no path, quote or control character. */
export function isArchiveName(name: string): boolean {
  return /^[^\\/:*?"<>|\u0000-\u001f]+\.zip$/i.test(name) && name.trim() === name && name.length <= 200;
}

/** `POST whites/:id/archive?name=`: the file's bytes become the white's site archive. */
export async function uploadArchive(clients: HttpClients, whiteId: number, file: File): Promise<void> {
  await clients
    .get('system')
    .post(`whites/${whiteId}/archive`, file.type ? file : new Blob([file], { type: 'application/zip' }), {
      query: { name: file.name },
    });
}

/** `GET whites/:id/archive`: the stored archive. */
export function downloadArchive(clients: HttpClients, whiteId: number): Promise<Blob> {
  return clients.get('system').download(`whites/${whiteId}/archive`);
}
