/** The part of fontkit (react-pdf's font engine) the server uses directly: a font's characters. */
declare module 'fontkit' {
  export type TFontkitFont = { characterSet: number[] };
  export function create(buffer: Buffer): TFontkitFont;
}
