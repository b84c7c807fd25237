export { DocumentView, type TDocumentAcceptance, type TDocumentViewProps } from './components/document-view';
export type { TDocumentBranding } from './components/document-header';
export { MadeWithDraftwell } from './components/made-with-draftwell';
export { UNRESOLVED_VARIABLE_CLASS } from './components/rich-text-view';
export { loadSignatureMarkView } from './components/signature-view';
