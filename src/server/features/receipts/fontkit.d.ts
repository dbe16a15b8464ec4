/** The little of fontkit (pdfkit's text engine) the PDF test uses to look at shaping. */
declare module 'fontkit' {
  export type Glyph = { id: number; codePoints: number[] };
  export type Font = { layout(text: string): { glyphs: Glyph[] } };
  export function openSync(path: string): Font;
}
