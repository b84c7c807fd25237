import { formatMoney } from '@draftwell/shared';
import type { TDraftTone } from '@draftwell/shared/drafting/brief';
import type { TSectionRewrite } from '@draftwell/shared/drafting/ai';
import { languageInfo, languageOf } from '@draftwell/shared/i18n/languages';
import type { TDraftInput } from './drafter';

/**
 * The words sent to a model. Everything the user typed goes in the user message as data, never
 * in the system message, so a brief cannot rewrite the instructions. No client email or phone is
 * ever sent: the client's name and company are enough to address them.
 */

const TONES: Record<TDraftTone, string> = {
  formal: 'formal and precise',
  friendly: 'warm, plain and friendly',
  persuasive: 'confident and persuasive, leading with the client’s benefits',
};

const SHAPE = `Answer with one JSON object only, no prose around it:
{"title": string,
 "sections": [{"heading": string, "content": [{"kind": "paragraph"|"bullets", "text": string, "items": [string]}]}],
 "milestones": [{"title": string, "description": string, "weeks": number}],
 "pricing": [{"savedItemId": string|null, "description": string, "quantity": number, "unit": string, "unitPrice": integer, "billing": "one_off"|"monthly"|"yearly"}]}`;

/** A language as the prompt names it: "German (Deutsch)", "English". */
function languageName(tag: string): string {
  const { english, native } = languageInfo(languageOf(tag));
  return english === native ? english : `${english} (${native})`;
}

export function draftSystemPrompt(input: TDraftInput, currency: string): string {
  const { profile, brief } = input;
  const sender = [profile.displayName, profile.company].filter(Boolean).join(' of ') || 'a freelancer';
  return [
    `You write business proposals for ${sender}, who sends them to clients.`,
    `Write in a ${TONES[brief.tone]} voice, in ${languageName(input.language)}, whatever language the brief is written in, addressing the client as "you" in the form that language uses with a business client.`,
    `Every text you write (title, headings, paragraphs, bullets, milestones, line descriptions and units) is in ${languageName(input.language)}; keep names, brands and the user's saved items as they are.`,
    'Write 5 to 8 sections in this order: an introduction, the client’s situation and goals, the approach, the deliverables, the timeline, the investment, terms, next steps. Keep each section under 200 words.',
    `Prices are integers in minor units of ${currency} (12500 means ${formatMoney(12_500, currency)}).`,
    'For each deliverable, use one of the saved items when it fits: give its id as savedItemId and its own unit and price. Only when none fits, add a new line with savedItemId null and a fair price like the user’s other prices.',
    'When a budget is given, keep the one-off total within it where you can.',
    'Never invent facts about the client beyond the brief, and never include email addresses or phone numbers.',
    SHAPE,
  ].join('\n');
}

export function draftUserPrompt(input: TDraftInput, currency: string): string {
  const { brief, client, savedItems, context, today } = input;
  const items = savedItems
    .filter((item) => item.currency === currency)
    .map((item) => ({
      id: item.id,
      description: item.description,
      unit: item.unit,
      unitPrice: item.unitPrice,
      billing: item.billing,
    }));
  const data = {
    today,
    client: { name: client.name, company: client.company },
    need: brief.need,
    goals: brief.goals,
    deliverables: brief.deliverables,
    budget: brief.budget ? { amount: brief.budget.amount, currency: brief.budget.currency } : null,
    deadline: brief.deadline,
    currency,
    savedItems: items,
    ...(context?.template ? { followThisTemplateOutline: context.template } : {}),
    ...(context && context.acceptedProposals.length > 0
      ? { acceptedProposalsToSoundAndPriceLike: context.acceptedProposals }
      : {}),
  };
  return `Write a proposal from this brief (JSON):\n${JSON.stringify(data, null, 1)}`;
}

const ACTIONS: Record<TSectionRewrite['action'], (req: TSectionRewrite) => string> = {
  improve: () => 'Improve this section: clearer, more concrete, better flow. Keep its meaning and length.',
  shorten: () => 'Shorten this section to about half its length, keeping what matters most.',
  expand: () =>
    'Expand this section with useful detail, to about one and a half times its length. Invent no facts about the client.',
  tone: (req) => `Rewrite this section in a ${TONES[req.tone ?? 'formal']} voice. Keep its meaning.`,
  translate: (req) => `Translate this section into ${req.language ?? 'English'}. Keep its structure.`,
};

export function rewriteSystemPrompt(req: TSectionRewrite): string {
  return [
    'You edit one section of a business proposal.',
    ACTIONS[req.action](req),
    'Keep any {{placeholders}} exactly as they are.',
    'Answer with one JSON object only: {"heading": string, "content": [{"kind": "paragraph"|"bullets", "text": string, "items": [string]}]}',
  ].join('\n');
}
