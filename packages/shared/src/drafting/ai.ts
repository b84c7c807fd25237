import { z } from 'zod';
import { ZBlock, type TBlock } from '../document/schema';
import type { TProposal } from '../workspace/proposals';
import { PROPOSAL_TITLE_MAX } from '../workspace/proposals';
import { DRAFT_TONES } from './brief';
import { declared as i18n } from '../i18n/declare';

/**
 * What the server and the app share about drafting with an AI model: which drafter serves, the
 * events of a streamed draft, and the section rewrites the editor offers.
 */

/** `GET /api/drafts/drafter`: which drafter writes drafts here; never the model's address or key. */
export type TDrafterInfo = { ai: boolean };

/**
 * One line of `POST /api/drafts/stream` (NDJSON): `created` first (the draft, saved with an empty
 * document, for the editor to open), then blocks in document order, then `done` with the whole
 * draft saved, or `error` (the draft removed again). Every block already passed `ZBlock`.
 */
export type TDraftStreamEvent =
  | { type: 'created'; proposal: TProposal }
  | { type: 'block'; block: TBlock }
  | { type: 'done'; proposal: TProposal }
  | { type: 'error'; error: { code: string; message: string; details?: TAiFailureDetails } };

/** Why a model could not help; every one offers the built-in drafter instead. */
export const AI_FAILURE_REASONS = [
  'timeout',
  'auth',
  'rate_limited',
  'provider',
  'malformed',
  'not_configured',
] as const;
export type TAiFailureReason = (typeof AI_FAILURE_REASONS)[number];
export type TAiFailureDetails = { reason: TAiFailureReason; fallback: 'builtin' };

/** Enough of `created` to open the editor on it: the rest is the server's own proposal record. */
const ZStreamCreated = z.object({
  type: z.literal('created'),
  proposal: z.object({ id: z.uuid(), version: z.number().int(), title: z.string().min(1).max(PROPOSAL_TITLE_MAX) }),
});

/** Checks one streamed line before the app puts anything from it on screen. */
export function parseDraftStreamEvent(line: string): TDraftStreamEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (type === 'created') {
    return ZStreamCreated.safeParse(value).success ? (value as TDraftStreamEvent) : null;
  }
  if (type === 'block') {
    const parsed = z.strictObject({ type: z.literal('block'), block: ZBlock }).safeParse(value);
    return parsed.success ? parsed.data : null;
  }
  if (type === 'done' || type === 'error') return value as TDraftStreamEvent;
  return null;
}

export const REWRITE_ACTIONS = ['improve', 'shorten', 'expand', 'tone', 'translate'] as const;
export type TRewriteAction = (typeof REWRITE_ACTIONS)[number];

export const REWRITE_LIMITS = { language: 40 } as const;

/** `POST /api/drafts/rewrite`: one text section and what to do with it. */
export const ZSectionRewrite = z
  .strictObject({
    block: ZBlock,
    action: z.enum(REWRITE_ACTIONS, { error: `Choose an action: ${REWRITE_ACTIONS.join(', ')}.` }),
    tone: z.enum(DRAFT_TONES, { error: `Choose a tone: ${DRAFT_TONES.join(', ')}.` }).optional(),
    language: z
      .string(i18n._('Enter a language.'))
      .trim()
      .min(1, i18n._('Enter a language, like French or German.'))
      .max(REWRITE_LIMITS.language, `Use at most ${REWRITE_LIMITS.language} characters for the language.`)
      .optional(),
  })
  .superRefine((req, ctx) => {
    if (req.block.type !== 'rich_text') {
      ctx.addIssue({ code: 'custom', path: ['block'], message: i18n._('Only a text section can be rewritten.') });
    }
    if (req.action === 'tone' && !req.tone) {
      ctx.addIssue({ code: 'custom', path: ['tone'], message: `Choose a tone: ${DRAFT_TONES.join(', ')}.` });
    }
    if (req.action === 'translate' && !req.language) {
      ctx.addIssue({ code: 'custom', path: ['language'], message: i18n._('Enter a language, like French or German.') });
    }
  });
export type TSectionRewriteInput = z.input<typeof ZSectionRewrite>;
export type TSectionRewrite = z.output<typeof ZSectionRewrite>;
