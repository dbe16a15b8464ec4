/** Saves a file made in the page (a CSV, a PDF, a picture) through a temporary link. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Saves text as a CSV file, as the server made it: statements, registers and receipts start with
 * a byte-order mark (so spreadsheet apps read Marathi right), a bank's upload file without one.
 */
export function downloadText(fileName: string, text: string): void {
  saveFile(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
