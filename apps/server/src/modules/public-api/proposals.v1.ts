import * as S from '@draftwell/shared/public-api/schemas';
import { ZOwnerComment, ZSendProposal } from '@draftwell/shared/share/share-schemas';
import { ZProposalPatch } from '@draftwell/shared/workspace/proposals';
import { pdfHeaders } from '../documents/revision-pdf';
import { streamBody } from '../../http/stream-body';
import { listEvents, listOwnerComments, ownerPdf, ownerSealedPdf, replyAsOwner } from '../proposals/activity.service';
import {
  createProposal,
  deleteProposal,
  duplicateProposal,
  getProposal,
  listProposals,
  updateProposal,
} from '../proposals/proposals.service';
import { sendProposal, withdrawProposal } from '../proposals/sending.service';
import { templateStart } from '../templates/templates.service';
import { withAcceptance, withAcceptances } from './accepted';
import { ACCEPTED_RANGE_RULES, CURSOR_RULES, documentRules, SEND_RULES } from './rules';
import {
  EXAMPLE_ACCEPTED_PROPOSAL,
  EXAMPLE_ACCEPTED_PROPOSAL_SUMMARY,
  EXAMPLE_PROPOSAL,
  EXAMPLE_PROPOSAL_SUMMARY,
} from './examples';
import { defineApiRoute, type TApiRoute } from './registry';

const TAG = 'Proposals';
const ID = { id: 'The proposal’s id (a UUID).' };

/** `/api/v1/proposals…`: each route runs the app's own service as the key's owner. */
export const PROPOSAL_ROUTES: TApiRoute[] = [
  defineApiRoute({
    method: 'get',
    path: '/proposals',
    operationId: 'listProposals',
    tag: TAG,
    scope: 'proposals:read',
    summary: 'List proposals',
    description:
      'Your proposals, most recently changed first, without their documents; filtered by `status`, searched by `q` (title, number, client), and by the date they were accepted: `acceptedAfter` (from that moment on) and `acceptedBefore` (until just before it), each a date (`2026-11-01`, midnight UTC) or a date-time with its offset. An accepted proposal carries `acceptance`: who signed, the revision, the client’s choices and the accepted totals. Keyset pages: pass `nextCursor` as `cursor`.',
    query: S.ZApiProposalListQuery,
    rules: [...CURSOR_RULES, ...ACCEPTED_RANGE_RULES],
    success: {
      status: 200,
      description: 'A page of proposals.',
      schema: S.ZProposalPage,
      example: { items: [EXAMPLE_ACCEPTED_PROPOSAL_SUMMARY, EXAMPLE_PROPOSAL_SUMMARY], nextCursor: null },
    },
    handler: async (c, { query }) => {
      const db = c.var.deps.database.db;
      const page = await listProposals({ db, actor: c.var.actor, query });
      return { ...page, items: await withAcceptances(db, c.var.actor.id, page.items) };
    },
  }),
  defineApiRoute({
    method: 'post',
    path: '/proposals',
    operationId: 'createProposal',
    tag: TAG,
    scope: 'proposals:write',
    summary: 'Create a proposal',
    description:
      'A new draft: blank, or from a template (`templateId`: one of yours or a starter such as `starter-web-design`). Its variables (`{{client.name}}`, `{{proposal.valid_until}}`…) are filled from the client (a saved one by `clientId`, or `client`), title, currency and valid-until date set here, and the sender’s from your business profile. Its `language` (what the client’s page, the signers’ emails and the PDF speak) is the one given, else the saved client’s, else your business profile’s default.',
    body: S.ZApiProposalCreate,
    bodyName: 'ProposalCreate',
    bodyExample: {
      templateId: 'starter-web-design',
      title: 'Website redesign for Acme',
      client: { name: 'Dana Reyes', company: 'Acme Inc.', email: 'dana@acme.example' },
      currency: 'USD',
      language: 'en',
      validUntil: '2026-12-31',
    },
    success: { status: 201, description: 'The new draft.', schema: S.ZApiProposalOut, example: EXAMPLE_PROPOSAL },
    errors: [404],
    handler: async (c, { body }) => {
      const db = c.var.deps.database.db;
      const actor = c.var.actor;
      // A starter is written in the language the proposal takes, which it hands back.
      const start = body.templateId
        ? await templateStart({
            db,
            actor,
            id: body.templateId,
            proposal: { language: body.language, clientId: body.clientId },
          })
        : null;
      const proposal = await createProposal({
        db,
        actor,
        input: {
          title: body.title ?? start?.name,
          clientId: body.clientId,
          language: start?.language ?? body.language,
        },
        document: start?.document,
        details: { client: body.client, currency: body.currency, validUntil: body.validUntil },
      });
      return { ...proposal, acceptance: null };
    },
  }),
  defineApiRoute({
    method: 'get',
    path: '/proposals/:id',
    operationId: 'getProposal',
    tag: TAG,
    scope: 'proposals:read',
    summary: 'Get a proposal',
    description:
      'One proposal with its document and totals; once accepted, with `acceptance`: every signer (name, email, role, when and how they signed), your countersignature if any, the revision signed (id, number, hash), the client’s choices (options, quantities, packages) and the accepted totals, one-off and recurring. Its `totals` are then the accepted ones.',
    params: ID,
    success: {
      status: 200,
      description: 'The proposal.',
      schema: S.ZApiProposalOut,
      example: EXAMPLE_ACCEPTED_PROPOSAL,
    },
    handler: async (c, { param }) => {
      const db = c.var.deps.database.db;
      return withAcceptance(db, c.var.actor.id, await getProposal({ db, actor: c.var.actor, id: param('id') }));
    },
  }),
  defineApiRoute({
    method: 'patch',
    path: '/proposals/:id',
    operationId: 'updateProposal',
    tag: TAG,
    scope: 'proposals:write',
    summary: 'Update a draft',
    description:
      'Changes a draft (or a sent proposal’s details, as the app allows) against the `version` you last saw: a stale version is a 409 with `current`, the proposal as it now stands; an accepted proposal is a 423.',
    params: ID,
    body: ZProposalPatch,
    bodyName: 'ProposalPatch',
    bodyExample: { version: 1, title: 'Website redesign, phase 1' },
    rules: documentRules(),
    success: {
      status: 200,
      description: 'The proposal as saved.',
      schema: S.ZApiProposalOut,
      example: EXAMPLE_PROPOSAL,
    },
    errors: [409, 423],
    handler: async (c, { param, body }) => {
      const db = c.var.deps.database.db;
      const proposal = await updateProposal({ db, actor: c.var.actor, id: param('id'), patch: body });
      return withAcceptance(db, c.var.actor.id, proposal);
    },
  }),
  defineApiRoute({
    method: 'delete',
    path: '/proposals/:id',
    operationId: 'deleteProposal',
    tag: TAG,
    scope: 'proposals:write',
    summary: 'Delete a proposal',
    description: 'Gone at once for you and your client; the app can still undo it for a minute.',
    params: ID,
    success: { status: 204, description: 'Deleted.' },
    errors: [423],
    handler: async (c, { param }) => {
      await deleteProposal({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') });
    },
  }),
  defineApiRoute({
    method: 'post',
    path: '/proposals/:id/send',
    operationId: 'sendProposal',
    tag: TAG,
    scope: 'proposals:write',
    summary: 'Send to its signers',
    description:
      'Sends the proposal (or a new revision) by email, each signer with a link of their own. `signers` left out: those of the last send, or else the proposal’s client. Every variable must resolve (400 naming what is missing); a changed proposal is a 409; a plan’s monthly limit a 402; an accepted proposal a 423.',
    params: ID,
    body: ZSendProposal,
    bodyName: 'ProposalSend',
    bodyExample: {
      version: 1,
      message: 'Here is our proposal, as discussed.',
      signers: [{ name: 'Dana Reyes', email: 'dana@acme.example', role: 'CEO' }],
    },
    rules: SEND_RULES,
    success: {
      status: 200,
      description: 'The proposal, now sent.',
      schema: S.ZApiProposalOut,
      example: EXAMPLE_PROPOSAL,
    },
    errors: [402, 423],
    handler: async (c, { param, body }) => {
      const proposal = await sendProposal({
        deps: c.var.deps,
        actor: c.var.actor,
        id: param('id'),
        input: body,
        ipAddress: c.var.clientIp,
        userAgent: c.req.header('user-agent') ?? null,
      });
      return withAcceptance(c.var.deps.database.db, c.var.actor.id, proposal);
    },
  }),
  defineApiRoute({
    method: 'post',
    path: '/proposals/:id/withdraw',
    operationId: 'withdrawProposal',
    tag: TAG,
    scope: 'proposals:write',
    summary: 'Withdraw a sent proposal',
    description: 'Back to a draft; the signers’ links stop working. Only a sent or viewed proposal (else 409 or 423).',
    params: ID,
    success: {
      status: 200,
      description: 'The proposal, a draft again.',
      schema: S.ZApiProposalOut,
      example: EXAMPLE_PROPOSAL,
    },
    errors: [423],
    handler: async (c, { param }) => {
      const db = c.var.deps.database.db;
      return withAcceptance(db, c.var.actor.id, await withdrawProposal({ db, actor: c.var.actor, id: param('id') }));
    },
  }),
  defineApiRoute({
    method: 'post',
    path: '/proposals/:id/duplicate',
    operationId: 'duplicateProposal',
    tag: TAG,
    scope: 'proposals:write',
    summary: 'Duplicate a proposal',
    description: 'A new draft with the same content and client, numbered anew.',
    params: ID,
    success: { status: 201, description: 'The copy.', schema: S.ZApiProposalOut, example: EXAMPLE_PROPOSAL },
    handler: async (c, { param }) => {
      const db = c.var.deps.database.db;
      return withAcceptance(db, c.var.actor.id, await duplicateProposal({ db, actor: c.var.actor, id: param('id') }));
    },
  }),
  defineApiRoute({
    method: 'get',
    path: '/proposals/:id/pdf',
    operationId: 'getProposalPdf',
    tag: TAG,
    scope: 'proposals:read',
    summary: 'Download the PDF',
    description:
      'The newest sent revision as a PDF (a proposal never sent has none: 404). Renders are queued per account (429 when too many wait).',
    params: ID,
    success: { status: 200, description: 'The PDF.', pdf: true },
    errors: [503],
    handler: async (c, { param }) => {
      const { bytes, filename } = await ownerPdf({ deps: c.var.deps, actor: c.var.actor, id: param('id') });
      return c.body(new Uint8Array(bytes), 200, pdfHeaders(filename));
    },
  }),
  defineApiRoute({
    method: 'get',
    path: '/proposals/:id/sealed-pdf',
    operationId: 'getSealedPdf',
    tag: TAG,
    scope: 'proposals:read',
    summary: 'Download the sealed PDF',
    description:
      'The accepted proposal’s signed (PAdES) PDF with its certificate page. 404 before acceptance; 503 with `Retry-After` while it is being made.',
    params: ID,
    success: { status: 200, description: 'The sealed PDF.', pdf: true },
    errors: [503],
    handler: async (c, { param }) => {
      const file = await ownerSealedPdf({ deps: c.var.deps, actor: c.var.actor, id: param('id') });
      return c.body(streamBody(c, file.stream, c.var.log), 200, {
        ...pdfHeaders(file.filename),
        'content-length': String(file.size),
      });
    },
  }),
  defineApiRoute({
    method: 'get',
    path: '/proposals/:id/events',
    operationId: 'listProposalEvents',
    tag: TAG,
    scope: 'proposals:read',
    summary: 'List its events',
    description: 'The proposal’s activity, oldest first: created, sent, opened, signed, accepted, declined, paid…',
    params: ID,
    success: {
      status: 200,
      description: 'Its events.',
      schema: S.ZProposalEventList,
      example: {
        items: [
          {
            seq: 41,
            proposalId: EXAMPLE_PROPOSAL.id,
            type: 'sent',
            actor: 'owner',
            at: '2026-11-20T10:15:00.000Z',
            revisionNumber: 1,
            data: { to: ['dana@acme.example'], message: '' },
            ipAddress: null,
            userAgent: null,
          },
        ],
      },
    },
    handler: async (c, { param }) => ({
      items: await listEvents({ deps: c.var.deps, actor: c.var.actor, id: param('id') }),
    }),
  }),
  defineApiRoute({
    method: 'get',
    path: '/proposals/:id/comments',
    operationId: 'listProposalComments',
    tag: TAG,
    scope: 'proposals:read',
    summary: 'List its comments',
    description: 'The conversation with the client on the proposal, oldest first.',
    params: ID,
    success: {
      status: 200,
      description: 'Its comments.',
      schema: S.ZCommentList,
      example: {
        items: [
          {
            id: '0b8f7a52-4f0e-4c55-a0d4-6f4a3d2e1c0b',
            author: 'client',
            authorName: 'Dana Reyes',
            body: 'Can phase 2 start in March?',
            createdAt: '2026-11-21T09:00:00.000Z',
          },
        ],
      },
    },
    handler: async (c, { param }) => ({
      items: await listOwnerComments({ deps: c.var.deps, actor: c.var.actor, id: param('id') }),
    }),
  }),
  defineApiRoute({
    method: 'post',
    path: '/proposals/:id/comments',
    operationId: 'createProposalComment',
    tag: TAG,
    scope: 'proposals:write',
    summary: 'Reply as the owner',
    description: 'Your reply on a sent proposal, mailed to the client. A draft has no conversation yet (409).',
    params: ID,
    body: ZOwnerComment,
    bodyName: 'CommentCreate',
    bodyExample: { body: 'Yes, March works for us.' },
    success: {
      status: 201,
      description: 'The comment.',
      schema: S.ZCommentOut,
      example: {
        id: '1c9e8d7f-6a5b-4c3d-9e2f-0a1b2c3d4e5f',
        author: 'owner',
        authorName: 'Olivia Owner',
        body: 'Yes, March works for us.',
        createdAt: '2026-11-21T10:00:00.000Z',
      },
    },
    handler: (c, { param, body }) =>
      replyAsOwner({ deps: c.var.deps, actor: c.var.actor, id: param('id'), body: body.body }),
  }),
];
