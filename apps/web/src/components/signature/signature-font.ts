// Dancing Script 400 (SIL Open Font License 1.1), self-hosted from @fontsource/dancing-script: the
// browser fetches only the files whose characters a name uses (Latin, Latin Extended, Vietnamese).
// Imported by the signature input and view alone, so the font's CSS and files come with their
// lazy chunks and never with a page's first load. The PDF draws typed marks with the same files.
import '@fontsource/dancing-script/400.css';

/** The handwriting font of typed signatures, as a Tailwind class. */
export const HANDWRITING = "font-[family-name:'Dancing_Script',cursive] font-normal";
