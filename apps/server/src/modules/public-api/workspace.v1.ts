import * as S from '@draftwell/shared/public-api/schemas';
import { ZClientInput, ZClientPatch } from '@draftwell/shared/workspace/clients';
import { ZListQuery } from '@draftwell/shared/workspace/common';
import { ZSavedItemInput, ZSavedItemPatch } from '@draftwell/shared/workspace/saved-items';
import { ZTemplateInput, ZTemplateListQuery, ZTemplatePatch } from '@draftwell/shared/workspace/templates';
import { createClient, deleteClient, getClient, listClients, updateClient } from '../clients/clients.service';
import {
  createSavedItem,
  deleteSavedItem,
  getSavedItem,
  listSavedItems,
  updateSavedItem,
} from '../saved-items/saved-items.service';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from '../templates/templates.service';
import { EXAMPLE_CLIENT, EXAMPLE_DOCUMENT, EXAMPLE_SAVED_ITEM, EXAMPLE_TEMPLATE } from './examples';
import { defineApiRoute, type TApiRoute } from './registry';
import { CURSOR_RULES, documentRules } from './rules';

const STALE =
  'against the `version` you last saw: a stale version is a 409 with `current`, the record as it now stands.';

/** `/api/v1/clients…`, as the app's Clients screen. */
export const CLIENT_ROUTES: TApiRoute[] = [
  defineApiRoute({
    method: 'get',
    path: '/clients',
    operationId: 'listClients',
    tag: 'Clients',
    scope: 'clients:read',
    summary: 'List clients',
    description: 'Your saved clients by name, searched by `q`. Keyset pages: pass `nextCursor` as `cursor`.',
    query: ZListQuery,
    rules: CURSOR_RULES,
    success: {
      status: 200,
      description: 'A page of clients.',
      schema: S.ZClientPage,
      example: { items: [EXAMPLE_CLIENT], nextCursor: null },
    },
    handler: (c, { query }) => listClients({ db: c.var.deps.database.db, actor: c.var.actor, query }),
  }),
  defineApiRoute({
    method: 'post',
    path: '/clients',
    operationId: 'createClient',
    tag: 'Clients',
    scope: 'clients:write',
    summary: 'Create a client',
    description: 'A saved client; everything but the name may be left empty.',
    body: ZClientInput,
    bodyName: 'ClientCreate',
    bodyExample: { name: 'Dana Reyes', company: 'Acme Inc.', email: 'dana@acme.example' },
    success: { status: 201, description: 'The client.', schema: S.ZClientOut, example: EXAMPLE_CLIENT },
    handler: (c, { body }) => createClient({ db: c.var.deps.database.db, actor: c.var.actor, input: body }),
  }),
  defineApiRoute({
    method: 'get',
    path: '/clients/:id',
    operationId: 'getClient',
    tag: 'Clients',
    scope: 'clients:read',
    summary: 'Get a client',
    description: 'One saved client.',
    params: { id: 'The client’s id (a UUID).' },
    success: { status: 200, description: 'The client.', schema: S.ZClientOut, example: EXAMPLE_CLIENT },
    handler: (c, { param }) => getClient({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') }),
  }),
  defineApiRoute({
    method: 'patch',
    path: '/clients/:id',
    operationId: 'updateClient',
    tag: 'Clients',
    scope: 'clients:write',
    summary: 'Update a client',
    description: `Changes any of the fields, ${STALE}`,
    params: { id: 'The client’s id (a UUID).' },
    body: ZClientPatch,
    bodyName: 'ClientPatch',
    bodyExample: { version: 1, phone: '+1 555 0199' },
    success: { status: 200, description: 'The client as saved.', schema: S.ZClientOut, example: EXAMPLE_CLIENT },
    errors: [409],
    handler: (c, { param, body }) =>
      updateClient({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id'), patch: body }),
  }),
  defineApiRoute({
    method: 'delete',
    path: '/clients/:id',
    operationId: 'deleteClient',
    tag: 'Clients',
    scope: 'clients:write',
    summary: 'Delete a client',
    description: 'Deleted outright. Proposals keep the client’s details as they were.',
    params: { id: 'The client’s id (a UUID).' },
    success: { status: 204, description: 'Deleted.' },
    handler: async (c, { param }) => {
      await deleteClient({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') });
    },
  }),
];

/** `/api/v1/saved-items…`: the catalogue of priced lines, under the `templates:*` scopes (as in the app's Library). */
export const SAVED_ITEM_ROUTES: TApiRoute[] = [
  defineApiRoute({
    method: 'get',
    path: '/saved-items',
    operationId: 'listSavedItems',
    tag: 'Saved items',
    scope: 'templates:read',
    summary: 'List saved items',
    description: 'Your priced lines by description, searched by `q`. Keyset pages: pass `nextCursor` as `cursor`.',
    query: ZListQuery,
    rules: CURSOR_RULES,
    success: {
      status: 200,
      description: 'A page of saved items.',
      schema: S.ZSavedItemPage,
      example: { items: [EXAMPLE_SAVED_ITEM], nextCursor: null },
    },
    handler: (c, { query }) => listSavedItems({ db: c.var.deps.database.db, actor: c.var.actor, query }),
  }),
  defineApiRoute({
    method: 'post',
    path: '/saved-items',
    operationId: 'createSavedItem',
    tag: 'Saved items',
    scope: 'templates:write',
    summary: 'Create a saved item',
    description: 'A priced line: `unitPrice` in minor units of `currency`, `taxRate` in basis points (1250 is 12.5 %).',
    body: ZSavedItemInput,
    bodyName: 'SavedItemCreate',
    bodyExample: { description: 'Design workshop (half day)', unit: 'day', unitPrice: 90_000, currency: 'USD' },
    success: { status: 201, description: 'The saved item.', schema: S.ZSavedItemOut, example: EXAMPLE_SAVED_ITEM },
    handler: (c, { body }) => createSavedItem({ db: c.var.deps.database.db, actor: c.var.actor, input: body }),
  }),
  defineApiRoute({
    method: 'get',
    path: '/saved-items/:id',
    operationId: 'getSavedItem',
    tag: 'Saved items',
    scope: 'templates:read',
    summary: 'Get a saved item',
    description: 'One saved item.',
    params: { id: 'The saved item’s id (a UUID).' },
    success: { status: 200, description: 'The saved item.', schema: S.ZSavedItemOut, example: EXAMPLE_SAVED_ITEM },
    handler: (c, { param }) => getSavedItem({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') }),
  }),
  defineApiRoute({
    method: 'patch',
    path: '/saved-items/:id',
    operationId: 'updateSavedItem',
    tag: 'Saved items',
    scope: 'templates:write',
    summary: 'Update a saved item',
    description: `Changes any of the fields, ${STALE}`,
    params: { id: 'The saved item’s id (a UUID).' },
    body: ZSavedItemPatch,
    bodyName: 'SavedItemPatch',
    bodyExample: { version: 1, unitPrice: 95_000 },
    success: {
      status: 200,
      description: 'The saved item as saved.',
      schema: S.ZSavedItemOut,
      example: EXAMPLE_SAVED_ITEM,
    },
    errors: [409],
    handler: (c, { param, body }) =>
      updateSavedItem({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id'), patch: body }),
  }),
  defineApiRoute({
    method: 'delete',
    path: '/saved-items/:id',
    operationId: 'deleteSavedItem',
    tag: 'Saved items',
    scope: 'templates:write',
    summary: 'Delete a saved item',
    description: 'Deleted outright; pricing tables that used it keep their lines.',
    params: { id: 'The saved item’s id (a UUID).' },
    success: { status: 204, description: 'Deleted.' },
    handler: async (c, { param }) => {
      await deleteSavedItem({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') });
    },
  }),
];

const TEMPLATE_ID = { id: 'The template’s id: a UUID for one of yours, `starter-…` for a built-in starter.' };

/** `/api/v1/templates…`: your own templates, and the built-in starters (read only). */
export const TEMPLATE_ROUTES: TApiRoute[] = [
  defineApiRoute({
    method: 'get',
    path: '/templates',
    operationId: 'listTemplates',
    tag: 'Templates',
    scope: 'templates:read',
    summary: 'List templates',
    description:
      'Every built-in starter (`starters`) and a page of your own templates (`items`), without their documents, searched by `q`.',
    query: ZTemplateListQuery,
    rules: CURSOR_RULES,
    success: {
      status: 200,
      description: 'The starters and a page of your templates.',
      schema: S.ZTemplateListOut,
      example: {
        starters: [],
        items: [(({ document: _d, ...summary }) => summary)(EXAMPLE_TEMPLATE)],
        nextCursor: null,
      },
    },
    handler: (c, { query }) => listTemplates({ db: c.var.deps.database.db, actor: c.var.actor, query }),
  }),
  defineApiRoute({
    method: 'post',
    path: '/templates',
    operationId: 'createTemplate',
    tag: 'Templates',
    scope: 'templates:write',
    summary: 'Create a template',
    description: 'A template of your own. Plans limit how many you keep (402).',
    body: ZTemplateInput,
    bodyName: 'TemplateCreate',
    bodyExample: { name: 'Web project', category: 'Web', document: EXAMPLE_DOCUMENT },
    rules: documentRules(),
    success: { status: 201, description: 'The template.', schema: S.ZTemplateOut, example: EXAMPLE_TEMPLATE },
    errors: [402],
    handler: (c, { body }) =>
      createTemplate({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        input: body,
        defaultPlan: c.var.deps.env.defaultPlan,
      }),
  }),
  defineApiRoute({
    method: 'get',
    path: '/templates/:id',
    operationId: 'getTemplate',
    tag: 'Templates',
    scope: 'templates:read',
    summary: 'Get a template',
    description: 'One template with its document.',
    params: TEMPLATE_ID,
    success: { status: 200, description: 'The template.', schema: S.ZTemplateOut, example: EXAMPLE_TEMPLATE },
    handler: (c, { param }) => getTemplate({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') }),
  }),
  defineApiRoute({
    method: 'patch',
    path: '/templates/:id',
    operationId: 'updateTemplate',
    tag: 'Templates',
    scope: 'templates:write',
    summary: 'Update a template',
    description: `Changes one of your templates (a starter cannot change: 404), ${STALE}`,
    params: TEMPLATE_ID,
    body: ZTemplatePatch,
    bodyName: 'TemplatePatch',
    bodyExample: { version: 1, description: 'Discovery, design, build and launch' },
    rules: documentRules(),
    success: { status: 200, description: 'The template as saved.', schema: S.ZTemplateOut, example: EXAMPLE_TEMPLATE },
    errors: [409],
    handler: (c, { param, body }) =>
      updateTemplate({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id'), patch: body }),
  }),
  defineApiRoute({
    method: 'delete',
    path: '/templates/:id',
    operationId: 'deleteTemplate',
    tag: 'Templates',
    scope: 'templates:write',
    summary: 'Delete a template',
    description: 'Deletes one of your templates outright (a starter cannot be deleted: 404).',
    params: TEMPLATE_ID,
    success: { status: 204, description: 'Deleted.' },
    handler: async (c, { param }) => {
      await deleteTemplate({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') });
    },
  }),
  defineApiRoute({
    method: 'post',
    path: '/templates/:id/duplicate',
    operationId: 'duplicateTemplate',
    tag: 'Templates',
    scope: 'templates:write',
    summary: 'Duplicate a template',
    description: 'A copy of your own, of one of yours or of a starter. Plans limit how many you keep (402).',
    params: TEMPLATE_ID,
    success: { status: 201, description: 'The copy.', schema: S.ZTemplateOut, example: EXAMPLE_TEMPLATE },
    errors: [402],
    handler: (c, { param }) =>
      duplicateTemplate({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        id: param('id'),
        defaultPlan: c.var.deps.env.defaultPlan,
      }),
  }),
];
