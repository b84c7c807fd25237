import { z } from 'zod';
import { ZDocument, type TDocument } from '../document/schema';
import { ZListQuery, ZVersion, optionalText, type TListQuery } from './common';
import { declared as i18n } from '../i18n/declare';

export const TEMPLATE_NAME_MAX = 120;
export const TEMPLATE_DESCRIPTION_MAX = 500;
export const TEMPLATE_CATEGORY_MAX = 60;

/** Built-in starter templates have ids like `starter-web-design`; the user's own are UUIDs. */
export const STARTER_TEMPLATE_ID_PREFIX = 'starter-';

const ZTemplateName = z
  .string(i18n._('Enter a name.'))
  .trim()
  .min(1, i18n._('Enter a name.'))
  .max(TEMPLATE_NAME_MAX, `Use at most ${TEMPLATE_NAME_MAX} characters for the name.`);

const templateFields = {
  name: ZTemplateName,
  description: optionalText(TEMPLATE_DESCRIPTION_MAX),
  category: optionalText(TEMPLATE_CATEGORY_MAX),
  document: ZDocument,
};

/** A new template of the user's own. */
export const ZTemplateInput = z.strictObject({
  name: templateFields.name,
  description: templateFields.description.default(''),
  category: templateFields.category.default(''),
  document: templateFields.document,
});
export type TTemplateInput = z.input<typeof ZTemplateInput>;
export type TTemplateValues = z.output<typeof ZTemplateInput>;

/** Any of the fields, with the version the change was made against. */
export const ZTemplatePatch = z.strictObject(templateFields).partial().extend({ version: ZVersion });
export type TTemplatePatch = z.infer<typeof ZTemplatePatch>;

/** What "Save as template" asks for: a template is found again by its name, description and category. */
export const ZTemplateDetails = z.strictObject({
  name: templateFields.name,
  description: templateFields.description,
  category: templateFields.category,
});
export type TTemplateDetails = z.infer<typeof ZTemplateDetails>;

/** Saving a proposal as a template: the name defaults to the proposal's title. */
export const ZTemplateFromProposal = z.strictObject({
  name: templateFields.name.optional(),
  description: templateFields.description.optional(),
  category: templateFields.category.optional(),
});
export type TTemplateFromProposal = z.infer<typeof ZTemplateFromProposal>;

export const ZTemplateListQuery = ZListQuery;
export type TTemplateListQuery = TListQuery;

export type TTemplateKind = 'starter' | 'own';

/** A template as the API answers it; a starter has no version or times of its own. */
export type TTemplate = {
  id: string;
  kind: TTemplateKind;
  name: string;
  description: string;
  category: string;
  document: TDocument;
  /** 0 for a starter, which cannot be edited. */
  version: number;
  createdAt: string | null;
  updatedAt: string | null;
};

/** A template in a list: everything but the document. */
export type TTemplateSummary = Omit<TTemplate, 'document'>;

/** GET /api/templates: every starter, and a page of the user's own templates. */
export type TTemplateList = {
  starters: TTemplateSummary[];
  items: TTemplateSummary[];
  nextCursor: string | null;
};
