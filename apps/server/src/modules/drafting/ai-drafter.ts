import { generateText, Output, streamText, type LanguageModel } from 'ai';
import type { TBlock } from '@draftwell/shared/document';
import type { TSectionRewrite } from '@draftwell/shared/drafting/ai';
import { signature } from '@draftwell/shared/templates/starter-templates';
import { aiFailure, classifyAiError, MalformedOutputError } from './ai-failure';
import {
  blockSection,
  draftTitle,
  milestoneBlock,
  pricingBlock,
  sectionBlock,
  ZAiDraft,
  ZAiSection,
  type TAiDraft,
  type TAiSection,
} from './ai-output';
import { draftSystemPrompt, draftUserPrompt, rewriteSystemPrompt } from './ai-prompt';
import type { TDraftInput, TDraftPart, TDrafter } from './drafter';
import { fit } from './builtin-drafter';
import { draftWords, phrasebook } from './builtin-phrasebooks';
import { contentI18n } from '../../lib/i18n';

/**
 * The drafter backed by a language model (any OpenAI-compatible chat API, through the `ai` SDK).
 * It streams the model's JSON and yields each section as soon as the next one has begun, so the
 * editor fills in while the model writes; the delivery plan, prices and signature follow once
 * the whole answer has arrived and passed the schema. Any failure is an AppError from
 * `aiFailure`, thrown before or between parts, never a half-made block.
 */

export type TAiModelOptions = {
  model: LanguageModel;
  /** How long the model may stay silent (before its first word, or between two) before we give up. */
  timeoutMs: number;
  /** One retry rides over a dropped connection or a brief 429/5xx; more would keep the user waiting. */
  maxRetries?: number;
};

/** Aborts when `ms` pass without a `touch()`: a model that stalls mid-answer is cut off too. */
function idleTimer(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let fired = false;
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      fired = true;
      controller.abort(new Error('the model stayed silent too long'));
    }, ms);
  };
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  touch();
  return {
    signal: controller.signal,
    touch,
    get fired() {
      return fired;
    },
    stop() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
      controller.abort();
    },
  };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The title when the model gave none: in the proposal's language (English beyond the app's six). */
function fallbackTitle(input: TDraftInput): string {
  const who = input.client.company || input.client.name;
  return fit(phrasebook(contentI18n(input.language), 'formal').headline(who), 200);
}

/** Sections of a partial answer that are complete: a later section, or a later key, has begun. */
function completeSections(partial: Partial<Record<keyof TAiDraft, unknown>> | undefined): unknown[] {
  const sections = Array.isArray(partial?.sections) ? partial.sections : [];
  const later = partial?.milestones !== undefined || partial?.pricing !== undefined;
  return later ? sections : sections.slice(0, -1);
}

export function createAiDrafter(options: TAiModelOptions): TDrafter {
  const { model, timeoutMs, maxRetries = 1 } = options;
  return {
    name: 'ai',
    async *draft(input, { signal } = {}): AsyncGenerator<TDraftPart> {
      const currency = input.brief.budget?.currency ?? input.profile.defaultCurrency;
      const validUntil = addDays(input.today, input.profile.defaultValidityDays);
      // The few words the model does not write (the pricing table's title, the signatures' roles).
      const words = draftWords(contentI18n(input.language));
      const timer = idleTimer(timeoutMs, signal);
      let streamError: unknown;
      let headingSent = false;
      let sent = 0;
      const heading = (title: string): TDraftPart => {
        headingSent = true;
        return { kind: 'heading', title: draftTitle(title, fallbackTitle(input)), currency, validUntil };
      };
      const section = (raw: unknown, index: number): TBlock | null => {
        const parsed = ZAiSection.safeParse(raw);
        return parsed.success ? sectionBlock(`ai-section-${index + 1}`, parsed.data, index === 0 ? 1 : 2) : null;
      };
      try {
        const result = streamText({
          model,
          system: draftSystemPrompt(input, currency),
          prompt: draftUserPrompt(input, currency),
          output: Output.object({ schema: ZAiDraft, name: 'proposal' }),
          abortSignal: timer.signal,
          maxRetries,
          onChunk: () => timer.touch(),
          // Replaces the SDK's default, which prints the whole error to the console.
          onError: ({ error }) => {
            streamError = error;
          },
        });
        for await (const partial of result.partialOutputStream) {
          timer.touch();
          const p = partial as Partial<Record<keyof TAiDraft, unknown>>;
          if (!headingSent && typeof p.title === 'string' && p.sections !== undefined) yield heading(p.title);
          const done = completeSections(p);
          while (headingSent && sent < done.length) {
            const block = section(done[sent], sent);
            sent += 1;
            if (block) yield { kind: 'block', block };
          }
        }
        // A stream that broke (a provider error, a cut connection) ends the partial stream
        // quietly; its output would then wait for a finish that never comes.
        if (streamError !== undefined) throw streamError;
        let answer: TAiDraft;
        try {
          answer = await result.output;
        } catch (err) {
          throw streamError ?? err;
        }
        if (!headingSent) yield heading(answer.title);
        for (; sent < answer.sections.length; sent += 1) {
          const block = section(answer.sections[sent], sent);
          if (block) yield { kind: 'block', block };
        }
        const tail = [
          milestoneBlock('ai-timeline', answer.milestones),
          pricingBlock('ai-pricing', words.pricingTitle, answer.pricing, input, currency),
          signature(
            'ai-signature',
            input.profile.company
              ? fit(words.forCompany(input.profile.company), 100)
              : fit(input.profile.displayName, 100),
            input.client.company ? fit(words.forCompany(input.client.company), 100) : words.client,
          ),
        ];
        if (answer.sections.every((s, i) => section(s, i) === null)) {
          throw new MalformedOutputError('the answer held no usable section');
        }
        for (const block of tail) if (block) yield { kind: 'block', block };
      } catch (err) {
        // The user left (Stop, or a closed tab): not a failure of the model.
        if (signal?.aborted) throw err;
        throw aiFailure(classifyAiError(err, timer.fired), err);
      } finally {
        timer.stop();
      }
    },
  };
}

/**
 * One text section rewritten (improved, shortened, expanded, in another tone or language), as a
 * block with the same id, for the editor to offer as a suggestion. Non-streaming: a section is short.
 */
export async function rewriteSection(
  options: TAiModelOptions & { request: TSectionRewrite; signal?: AbortSignal },
): Promise<TBlock> {
  const { model, timeoutMs, maxRetries = 1, request, signal } = options;
  const block = request.block as Extract<TBlock, { type: 'rich_text' }>;
  const first = block.content.content[0];
  const level = first?.type === 'heading' ? (first.attrs.level === 3 ? 2 : first.attrs.level) : 2;
  const timer = idleTimer(timeoutMs, signal);
  try {
    const { output } = await generateText({
      model,
      system: rewriteSystemPrompt(request),
      prompt: `The section (JSON):\n${JSON.stringify(blockSection(block), null, 1)}`,
      output: Output.object({ schema: ZAiSection, name: 'section' }),
      abortSignal: timer.signal,
      maxRetries,
    });
    const rewritten = sectionBlock(block.id, output as TAiSection, level);
    if (!rewritten) throw new MalformedOutputError('the rewritten section was empty');
    return rewritten;
  } catch (err) {
    if (signal?.aborted) throw err;
    throw aiFailure(classifyAiError(err, timer.fired), err);
  } finally {
    timer.stop();
  }
}
