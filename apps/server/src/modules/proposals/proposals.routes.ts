import {
  ZProposalCreate,
  ZProposalListQuery,
  ZProposalPatch,
  type TProposal,
} from '@draftwell/shared/workspace/proposals';
import {
  ZCountersign,
  ZExtendProposal,
  ZOwnerComment,
  ZRemindProposal,
  ZSendProposal,
  ZSignerPatch,
} from '@draftwell/shared/share/share-schemas';
import { Hono, type Context } from 'hono';
import { requireUser, requireUserInStatement } from '../../http/require-user';
import { exactJson, jsonText } from '../../http/exact-json';
import { validJson, validQuery } from '../../http/validate';
import {
  createProposal,
  deleteProposal,
  duplicateProposal,
  listProposalItems,
  restoreProposal,
  readOwnProposal,
  saveProposal,
} from './proposals.service';
import {
  askForSeal,
  getAcceptance,
  getSealStatus,
  getOwnerRevision,
  listEvents,
  listOwnerComments,
  listOwnerRevisions,
  ownerPdf,
  ownerSealedPdf,
  parseRevisionNumber,
  replyAsOwner,
} from './activity.service';
import { streamBody } from '../../http/stream-body';
import { pdfHeaders } from '../documents/revision-pdf';
import {
  extendProposal,
  getShareLink,
  pdfCheck,
  remindProposal,
  sendProposal,
  withdrawProposal,
} from './sending.service';
import { changeSigner, countersign, getSigning } from './signers.service';
import type { TAuthedEnv } from '../../deps';

/** Revoking a signer's link, or sending them a new one: the round as it then stands. */
async function signerLinkChange(c: Context<TAuthedEnv>, action: 'revoked' | 'reissued') {
  const state = await changeSigner({
    deps: c.var.deps,
    actor: c.var.actor,
    id: c.req.param('id') ?? '',
    signerId: c.req.param('signerId') ?? '',
    action,
  });
  return c.json(state, 200);
}

export const proposalsRoutes = new Hono<TAuthedEnv>()
  // An open editor reads and autosaves its proposal more than anything else: these two check the
  // session inside their one statement (P2, P4; requireUserInStatement). They come before
  // requireUser, which thus never runs for them: Hono runs a path's handlers in the order they were
  // added, and these answer without calling the next.
  .get('/:id', requireUserInStatement, async (c) => {
    const json = await readOwnProposal({ deps: c.var.deps, signedIn: c.var.signedIn, id: c.req.param('id') });
    return jsonText<TProposal, 200>(c, json, 200);
  })
  .patch('/:id', requireUserInStatement, validJson(ZProposalPatch), async (c) => {
    const { json } = await saveProposal({
      db: c.var.deps.database.db,
      owner: c.var.signedIn,
      id: c.req.param('id'),
      patch: c.req.valid('json'),
    });
    return jsonText<TProposal, 200>(c, json, 200);
  })
  .use(requireUser)
  .get('/', validQuery(ZProposalListQuery), async (c) => {
    const page = await listProposalItems({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      query: c.req.valid('query'),
    });
    return c.json(page, 200);
  })
  .post('/', validJson(ZProposalCreate), async (c) => {
    const proposal = await createProposal({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      input: c.req.valid('json'),
    });
    return exactJson(c, proposal, 201);
  })
  .delete('/:id', async (c) => {
    await deleteProposal({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  })
  // Undo of a delete, while the deleted proposal is kept (a minute).
  .post('/:id/restore', async (c) => {
    const proposal = await restoreProposal({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return exactJson(c, proposal, 200);
  })
  .post('/:id/duplicate', async (c) => {
    const proposal = await duplicateProposal({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return exactJson(c, proposal, 201);
  })
  .post('/:id/send', validJson(ZSendProposal), async (c) => {
    const proposal = await sendProposal({
      deps: c.var.deps,
      actor: c.var.actor,
      id: c.req.param('id'),
      input: c.req.valid('json'),
      ipAddress: c.var.clientIp,
      userAgent: c.req.header('user-agent') ?? null,
    });
    return exactJson(c, proposal, 200);
  })
  .post('/:id/remind', validJson(ZRemindProposal), async (c) => {
    const event = await remindProposal({
      deps: c.var.deps,
      actor: c.var.actor,
      id: c.req.param('id'),
      message: c.req.valid('json').message,
    });
    return c.json(event, 201);
  })
  .post('/:id/withdraw', async (c) => {
    const proposal = await withdrawProposal({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return exactJson(c, proposal, 200);
  })
  .post('/:id/extend', validJson(ZExtendProposal), async (c) => {
    const proposal = await extendProposal({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      id: c.req.param('id'),
      validUntil: c.req.valid('json').validUntil,
    });
    return exactJson(c, proposal, 200);
  })
  // The signing round: every signer, their link and where they stand; mending one signer's link or address.
  .get('/:id/signers', async (c) =>
    c.json(await getSigning({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }), 200),
  )
  .patch('/:id/signers/:signerId', validJson(ZSignerPatch), async (c) =>
    c.json(
      await changeSigner({
        deps: c.var.deps,
        actor: c.var.actor,
        id: c.req.param('id'),
        signerId: c.req.param('signerId'),
        action: 'corrected',
        patch: c.req.valid('json'),
      }),
      200,
    ),
  )
  .post('/:id/signers/:signerId/revoke', (c) => signerLinkChange(c, 'revoked'))
  .post('/:id/signers/:signerId/reissue', (c) => signerLinkChange(c, 'reissued'))
  // 201 with the certificate when the countersignature completed the acceptance; 202 otherwise.
  .post('/:id/countersign', validJson(ZCountersign), async (c) => {
    const outcome = await countersign({
      deps: c.var.deps,
      actor: c.var.actor,
      id: c.req.param('id'),
      input: c.req.valid('json'),
      ipAddress: c.var.clientIp,
      userAgent: (c.req.header('user-agent') ?? '').slice(0, 1000),
    });
    return outcome.complete ? c.json(outcome.certificate, 201) : c.json(outcome, 202);
  })
  .get('/:id/share-link', async (c) =>
    c.json(await getShareLink({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }), 200),
  )
  .get('/:id/events', async (c) =>
    c.json({ items: await listEvents({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }) }, 200),
  )
  .get('/:id/revisions', async (c) =>
    c.json({ items: await listOwnerRevisions({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }) }, 200),
  )
  .get('/:id/revisions/:number', async (c) =>
    exactJson(
      c,
      await getOwnerRevision({
        deps: c.var.deps,
        actor: c.var.actor,
        id: c.req.param('id'),
        number: parseRevisionNumber(c.req.param('number')),
      }),
      200,
    ),
  )
  .get('/:id/comments', async (c) =>
    c.json({ items: await listOwnerComments({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }) }, 200),
  )
  .post('/:id/comments', validJson(ZOwnerComment), async (c) =>
    c.json(
      await replyAsOwner({
        deps: c.var.deps,
        actor: c.var.actor,
        id: c.req.param('id'),
        body: c.req.valid('json').body,
      }),
      201,
    ),
  )
  .get('/:id/acceptance', async (c) =>
    c.json(await getAcceptance({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }), 200),
  )
  // Characters no PDF font can draw, named before sending (issue 25).
  .get('/:id/pdf-check', async (c) =>
    c.json(await pdfCheck({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }), 200),
  )
  .get('/:id/pdf', async (c) => {
    const { bytes, filename } = await ownerPdf({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') });
    return c.body(new Uint8Array(bytes), 200, pdfHeaders(filename));
  })
  // The sealed PDF (decision 0014): its status, asking for it (again), and the stored file.
  .get('/:id/seal', async (c) =>
    c.json(await getSealStatus({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }), 200),
  )
  .post('/:id/seal', async (c) =>
    c.json(await askForSeal({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }), 202),
  )
  .get('/:id/sealed-pdf', async (c) => {
    const file = await ownerSealedPdf({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') });
    return c.body(streamBody(c, file.stream, c.var.log), 200, {
      ...pdfHeaders(file.filename),
      'content-length': String(file.size),
    });
  })
  .get('/:id/revisions/:number/pdf', async (c) => {
    const { bytes, filename } = await ownerPdf({
      deps: c.var.deps,
      actor: c.var.actor,
      id: c.req.param('id'),
      number: parseRevisionNumber(c.req.param('number')),
    });
    return c.body(new Uint8Array(bytes), 200, pdfHeaders(filename));
  });
