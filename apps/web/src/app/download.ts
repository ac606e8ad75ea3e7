/** Saves what an address holds as a file, as a click on a download link would. */
export function downloadUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a blob made in the page (an export) as a file. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, filename);
  // The download has started by now; the address is not needed any more.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
