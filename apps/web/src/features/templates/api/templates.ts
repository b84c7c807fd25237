/** The templates API in one import, for the screens of other features (the editor's Save as template). */
export { templateKeys } from '@/lib/api/query-keys';
export { fetchTemplatePage, templateListQueryOptions, useTemplateList } from '@/lib/api/template-list';
export { fetchTemplate, templateQueryOptions, useTemplate } from './get-template';
export {
  TemplateConflictError,
  createProposalFromTemplate,
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  hideTemplateFromLists,
  saveProposalAsTemplate,
  updateTemplate,
  useCreateTemplate,
  useDuplicateTemplate,
  useSaveAsTemplate,
  useUpdateTemplate,
  useProposalFromTemplate,
} from './template-actions';
