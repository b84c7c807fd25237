import type { TBlock, TDocument, TDocumentContext } from '@draftwell/shared/document';
import type { TSectionRewriteInput } from '@draftwell/shared/drafting/ai';
import type { Ref } from 'react';

/** What the screen holding the editor may ask of it; importing this type loads no TipTap code. */
export type TDocumentEditorHandle = {
  /** The document as it stands now, converted on demand. */
  getDocument(): TDocument;
  /** Replaces the whole content (restoring a local copy, resolving a conflict). */
  setDocument(doc: TDocument): void;
  focus(): void;
};

export type TDocumentEditorProps = {
  initialDocument: TDocument;
  context: TDocumentContext;
  currency: string;
  defaultTaxRate: number;
  editable?: boolean;
  /** Called on every change; `read` converts the document only when called (autosave calls it later). */
  onChange: (read: () => TDocument) => void;
  handleRef?: Ref<TDocumentEditorHandle>;
  ariaLabel?: string;
  /** Rewrites one text section with the AI model; section actions show only when it is given. */
  rewriteSection?: (request: TSectionRewriteInput, signal: AbortSignal) => Promise<TBlock>;
};
