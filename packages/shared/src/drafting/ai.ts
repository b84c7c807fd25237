import { z } from 'zod';
import { ZBlock, ZDocument, type TBlock } from '../document/schema';
import { ZCurrency } from '../workspace/common';
import type { TProposal } from '../workspace/proposals';
import { PROPOSAL_TITLE_MAX } from '../workspace/proposals';
import { DRAFT_TONES, ZBrief } from './brief';

/**
 * What the server and the app share about drafting with an AI model: which drafter serves, the
 * events of a streamed draft, and the section rewrites the editor offers.
 */

/** `GET /api/drafts/drafter`: which drafter writes drafts here; never the model's address or key. */
export type TDrafterInfo = { ai: boolean };

/**
 * One line of `POST /api/drafts/stream` (NDJSON): a heading first, then blocks in document order,
 * then `done` with the saved draft, or `error` (nothing saved). Every block already passed `ZBlock`.
 */
export type TDraftStreamEvent =
  | { type: 'heading'; title: string; currency: string; validUntil: string }
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

const ZStreamHeading = z.strictObject({
  type: z.literal('heading'),
  title: z.string().min(1).max(PROPOSAL_TITLE_MAX),
  currency: ZCurrency,
  validUntil: z.iso.date(),
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
  if (type === 'heading') {
    const parsed = ZStreamHeading.safeParse(value);
    return parsed.success ? parsed.data : null;
  }
  if (type === 'block') {
    const parsed = z.strictObject({ type: z.literal('block'), block: ZBlock }).safeParse(value);
    return parsed.success ? parsed.data : null;
  }
  if (type === 'done' || type === 'error') return value as TDraftStreamEvent;
  return null;
}

/**
 * `POST /api/drafts/kept`: what arrived before the user pressed Stop, saved as a draft. The
 * generation was counted when it was asked for, so keeping it does not count again.
 */
export const ZKeptDraft = z.strictObject({
  brief: ZBrief,
  title: z.string('Enter a title.').trim().min(1, 'Enter a title.').max(PROPOSAL_TITLE_MAX),
  currency: ZCurrency,
  validUntil: z.iso.date('Enter the date as yyyy-mm-dd.'),
  document: ZDocument,
});
export type TKeptDraftInput = z.input<typeof ZKeptDraft>;
export type TKeptDraft = z.output<typeof ZKeptDraft>;

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
      .string('Enter a language.')
      .trim()
      .min(1, 'Enter a language, like French or German.')
      .max(REWRITE_LIMITS.language, `Use at most ${REWRITE_LIMITS.language} characters for the language.`)
      .optional(),
  })
  .superRefine((req, ctx) => {
    if (req.block.type !== 'rich_text') {
      ctx.addIssue({ code: 'custom', path: ['block'], message: 'Only a text section can be rewritten.' });
    }
    if (req.action === 'tone' && !req.tone) {
      ctx.addIssue({ code: 'custom', path: ['tone'], message: `Choose a tone: ${DRAFT_TONES.join(', ')}.` });
    }
    if (req.action === 'translate' && !req.language) {
      ctx.addIssue({ code: 'custom', path: ['language'], message: 'Enter a language, like French or German.' });
    }
  });
export type TSectionRewriteInput = z.input<typeof ZSectionRewrite>;
export type TSectionRewrite = z.output<typeof ZSectionRewrite>;
