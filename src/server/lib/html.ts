/** Text made safe inside HTML elements and quoted attributes: & < > " ' become numeric character references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
