export { DocumentView, type TDocumentViewProps } from './components/document-view';
export type { TDocumentBranding } from './components/document-header';
export { UNRESOLVED_VARIABLE_CLASS } from './components/rich-text-view';
export { lineChoice } from '@draftwell/shared/document/display';
export { brandAccents } from './utils/brand-accent';
