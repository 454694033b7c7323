import type { ExportFormat } from '@core/shared/resource/export-format';

/** Hands a downloaded blob to the browser as a file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** `wallets-2026-11-22.csv`: the resource's path and the day of the export; an exact export's ends `-exact.csv`. */
export function exportFileName(path: string, today: Date, format: ExportFormat = 'people'): string {
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return `${path.replace(/\//g, '-')}-${day}${format === 'exact' ? '-exact' : ''}.csv`;
}
