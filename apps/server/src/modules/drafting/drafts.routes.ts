import { ZBrief } from '@draftwell/shared/drafting/brief';
import { ZSectionRewrite, type TDrafterInfo } from '@draftwell/shared/drafting/ai';
import { Hono } from 'hono';
import { z } from 'zod';
import { stream } from 'hono/streaming';
import { builtinDrafter, chooseDrafter } from '.';
import { requireUser } from '../../http/require-user';
import { exactJson } from '../../http/exact-json';
import { validJson, validQuery } from '../../http/validate';
import { createDraftFromBrief, rewriteDraftSection, startDraftStream, streamDraft } from './drafts.service';
import type { TAuthedEnv } from '../../deps';

const ZDrafterQuery = z.strictObject({
  drafter: z.enum(['builtin'], { error: 'The only drafter to ask for by name is builtin.' }).optional(),
});

const today = () => new Date().toISOString().slice(0, 10);

export const draftsRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/drafter', (c) => c.json({ ai: c.var.deps.env.ai !== null } satisfies TDrafterInfo, 200))
  // `?drafter=builtin` is the way on when the model fails: the built-in drafter, whatever is configured.
  .post('/', validQuery(ZDrafterQuery), validJson(ZBrief), async (c) => {
    const proposal = await createDraftFromBrief({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      brief: c.req.valid('json'),
      drafter: c.req.valid('query').drafter === 'builtin' ? builtinDrafter : chooseDrafter(c.var.deps.env.ai),
      today: today(),
      defaultPlan: c.var.deps.env.defaultPlan,
      logger: c.var.deps.logger,
    });
    return exactJson(c, proposal, 201);
  })
  // NDJSON, one TDraftStreamEvent per line. Bad briefs and used-up plans are refused before the
  // stream starts, as ordinary JSON errors; later failures arrive as an `error` event.
  .post('/stream', validJson(ZBrief), async (c) => {
    const db = c.var.deps.database.db;
    const actor = c.var.actor;
    const brief = c.req.valid('json');
    const prepared = await startDraftStream({
      db,
      actor,
      brief,
      today: today(),
      defaultPlan: c.var.deps.env.defaultPlan,
    });
    const drafter = chooseDrafter(c.var.deps.env.ai);
    const aborted = new AbortController();
    c.header('content-type', 'application/x-ndjson; charset=utf-8');
    c.header('cache-control', 'no-store');
    c.header('x-content-type-options', 'nosniff');
    return stream(c, async (out) => {
      out.onAbort(() => aborted.abort());
      const events = streamDraft({
        db,
        actor,
        brief,
        drafter,
        prepared,
        signal: aborted.signal,
        logger: c.var.deps.logger,
      });
      for await (const event of events) {
        if (aborted.signal.aborted) break;
        await out.write(`${JSON.stringify(event)}\n`);
      }
    });
  })
  .post('/rewrite', validJson(ZSectionRewrite), async (c) => {
    const block = await rewriteDraftSection({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      ai: c.var.deps.env.ai,
      request: c.req.valid('json'),
      defaultPlan: c.var.deps.env.defaultPlan,
      logger: c.var.deps.logger,
      signal: c.req.raw.signal,
    });
    return exactJson(c, { block }, 200);
  });
