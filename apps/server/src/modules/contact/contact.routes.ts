import { Hono } from 'hono';
import { ZContactMessage } from '@draftwell/shared';
import { validJson } from '../../http/validate';
import { createContactMessage } from './contact.service';
import type { TAppEnv } from '../../deps';

export const contactRoutes = new Hono<TAppEnv>().post('/', validJson(ZContactMessage), async (c) => {
  const { deps } = c.var;
  const row = await createContactMessage({
    db: deps.database.db,
    mailer: deps.mailer,
    logger: c.var.log,
    contactEmail: deps.env.contactEmail,
    ip: c.var.clientIp,
    rateLimit: deps.env.rateLimit,
    message: c.req.valid('json'),
  });
  return c.json({ id: row.id }, 201);
});
