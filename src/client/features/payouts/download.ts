/**
 * Saves text as a file from the page (the CSVs come from the server through tRPC). Statements and
 * registers start with a byte-order mark so spreadsheet apps read Marathi names right; a bank's
 * upload file goes without one, as banks' upload screens expect plain CSV.
 */
export function downloadText(fileName: string, text: string, options: { bom?: boolean } = {}): void {
  const blob = new Blob([options.bom ? '\ufeff' : '', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
