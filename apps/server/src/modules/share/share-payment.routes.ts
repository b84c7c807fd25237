import { Hono, type Context } from 'hono';
import { AppError } from '../../lib/app-error';
import { sharedPaymentState, startPayment } from '../payments/checkout';
import { SHARE_RATE, limit, resolveSigner, type TShareRequest } from './share-access';
import type { TAppEnv } from '../../deps';

const request = (c: Context<TAppEnv>): TShareRequest => ({
  deps: c.var.deps,
  token: c.req.param('token') ?? '',
  ip: c.var.clientIp,
  userAgent: (c.req.header('user-agent') ?? '').slice(0, 1000),
});

/**
 * The client's payment (decision 0018), by share token: where it stands, and Pay, which opens
 * Stripe Checkout for the amount fixed at acceptance. Private to whoever holds the link, like
 * every share answer.
 */
export const sharePaymentRoutes = new Hono<TAppEnv>()
  .use(async (c, next) => {
    c.header('referrer-policy', 'no-referrer');
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex, nofollow');
    return next();
  })
  .get('/:token/payment', async (c) => {
    const req = request(c);
    const { row } = await resolveSigner(req);
    const payment = await sharedPaymentState(req.deps, c.var.log, row);
    if (!payment) throw new AppError('not_found', 'This proposal asks for no payment.');
    return c.json(payment, 200);
  })
  .post('/:token/pay', async (c) => {
    // The amount and currency come from the accepted proposal; a body naming any is refused (A28).
    const body = (await c.req.text()).trim();
    if (body !== '' && body !== '{}') {
      throw new AppError(
        'invalid',
        'Pay takes no fields: the amount and currency come from the proposal you accepted.',
      );
    }
    const req = request(c);
    await limit(req.deps, `share-pay:${req.ip}`, SHARE_RATE.answers);
    const { row, signer } = await resolveSigner(req);
    return c.json(await startPayment(req.deps, c.var.log, { row, signer, token: req.token }), 200);
  });
