import { ZMarkPaid } from '@draftwell/shared/payments-schemas';
import { Hono } from 'hono';
import { requireUser } from '../../http/require-user';
import { validJson } from '../../http/validate';
import { markPaidByHand, refreshPayment } from './owner-actions';
import { getProposalPayment } from './terms';
import type { TAuthedEnv } from '../../deps';

/** A proposal's payment, for its owner (decision 0018); another user's proposal is a 404 (A1). */
export const proposalPaymentRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/:id/payment', async (c) =>
    c.json(await getProposalPayment({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') }), 200),
  )
  .post('/:id/payment/mark-paid', validJson(ZMarkPaid), async (c) =>
    c.json(
      await markPaidByHand({
        deps: c.var.deps,
        log: c.var.log,
        actor: c.var.actor,
        id: c.req.param('id'),
        note: c.req.valid('json').note,
      }),
      200,
    ),
  )
  .post('/:id/payment/refresh', async (c) =>
    c.json(await refreshPayment({ deps: c.var.deps, log: c.var.log, actor: c.var.actor, id: c.req.param('id') }), 200),
  );
