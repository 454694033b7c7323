/**
 * Hands a downloaded blob to the browser as a file named `name`. (The core's own helper is not part
 * of the SDK.)
 */
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
