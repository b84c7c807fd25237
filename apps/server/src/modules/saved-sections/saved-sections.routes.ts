import { Hono } from 'hono';
import {
  ZSavedSectionInput,
  ZSavedSectionListQuery,
  ZSavedSectionPatch,
} from '@draftwell/shared/workspace/saved-sections';
import { exactJson } from '../../http/exact-json';
import { requireUser } from '../../http/require-user';
import { validJson, validQuery } from '../../http/validate';
import {
  addExampleSections,
  createSavedSection,
  deleteSavedSection,
  getSavedSection,
  listSavedSections,
  listSectionCategories,
  updateSavedSection,
} from './saved-sections.service';
import { ownerAppLanguage } from '../../lib/owner-language';
import type { TAuthedEnv } from '../../deps';

export const savedSectionsRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', validQuery(ZSavedSectionListQuery), async (c) => {
    return c.json(
      await listSavedSections({ db: c.var.deps.database.db, actor: c.var.actor, query: c.req.valid('query') }),
      200,
    );
  })
  .get('/categories', async (c) => {
    return c.json(await listSectionCategories({ db: c.var.deps.database.db, actor: c.var.actor }), 200);
  })
  .post('/examples', async (c) => {
    const db = c.var.deps.database.db;
    const userId = c.var.actor.id;
    // In the language the owner reads the Library in.
    const language = await ownerAppLanguage(db, userId, c.req.header('accept-language'));
    return c.json(await addExampleSections({ db, userId, language }), 200);
  })
  .post('/', validJson(ZSavedSectionInput), async (c) => {
    const db = c.var.deps.database.db;
    const section = await createSavedSection({
      db,
      actor: c.var.actor,
      input: c.req.valid('json'),
      language: await ownerAppLanguage(db, c.var.actor.id, c.req.header('accept-language')),
    });
    return exactJson(c, section, 201);
  })
  .get('/:id', async (c) => {
    return exactJson(
      c,
      await getSavedSection({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') }),
      200,
    );
  })
  .patch('/:id', validJson(ZSavedSectionPatch), async (c) => {
    const db = c.var.deps.database.db;
    const section = await updateSavedSection({
      db,
      actor: c.var.actor,
      id: c.req.param('id'),
      patch: c.req.valid('json'),
      language: await ownerAppLanguage(db, c.var.actor.id, c.req.header('accept-language')),
    });
    return exactJson(c, section, 200);
  })
  .delete('/:id', async (c) => {
    await deleteSavedSection({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  });
