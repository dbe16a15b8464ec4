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
 * Saves text as a CSV file. Statements and registers start with a byte-order mark so spreadsheet
 * apps read Marathi names right; a bank's upload file goes without one, as banks' upload screens
 * expect plain CSV.
 */
export function downloadText(fileName: string, text: string, options: { bom?: boolean } = {}): void {
  saveFile(fileName, new Blob([options.bom ? '\ufeff' : '', text], { type: 'text/csv;charset=utf-8' }));
}
