import { ZDocument, type TBlock, type TDocument, type TPricingLine } from '@draftwell/shared';
import type { TBrief } from '@draftwell/shared/drafting/brief';
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import type { TBusinessProfile } from '@draftwell/shared/workspace/profile';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';

/**
 * A drafter writes a first draft from a brief. It yields the draft in parts, heading first and
 * then one block at a time, so a drafter backed by a language model can stream sections to the
 * editor as they are written; the built-in one yields them all at once.
 */

/** `locale`: how the account writes dates (Profile → business), which the draft's text follows. */
export type TDraftProfile = Pick<
  TBusinessProfile,
  'displayName' | 'company' | 'defaultCurrency' | 'defaultTaxRate' | 'defaultValidityDays' | 'locale'
>;
export type TDraftSavedItem = Pick<
  TSavedItem,
  'id' | 'description' | 'unit' | 'unitPrice' | 'currency' | 'taxRate' | 'billing'
>;
/** The client the proposal is addressed to, resolved from a saved client or the brief. */
export type TDraftClient = { name: string; company: string; email: string };

/** A priced line of an earlier proposal, as the model sees it: no client data. */
export type TDraftPastLine = Pick<TPricingLine, 'description' | 'quantity' | 'unit' | 'unitPrice' | 'billing'>;

/**
 * What makes a model-written draft sound and price like the user: the template the brief names
 * and a few proposals their clients accepted (titles, headings, prices; never the client's details).
 */
export type TDraftContext = {
  template: { name: string; outline: string[] } | null;
  acceptedProposals: { title: string; currency: string; outline: string[]; lines: TDraftPastLine[] }[];
};

export type TDraftInput = {
  brief: TBrief;
  profile: TDraftProfile;
  savedItems: readonly TDraftSavedItem[];
  client: TDraftClient;
  /**
   * The proposal's language, which the draft is written in: the built-in drafter writes the app's
   * six (English for the others), a model any.
   */
  language: TLanguage;
  /** yyyy-mm-dd: the day the draft is written; every date of the draft counts from it. */
  today: string;
  /** Only model-backed drafters read it; the built-in drafter writes from the brief alone. */
  context?: TDraftContext;
};

/** Everything about the proposal but its document. */
export type TDraftHeading = {
  title: string;
  /** ISO 4217: the budget's currency, else the profile's default. */
  currency: string;
  /** yyyy-mm-dd */
  validUntil: string;
};

export type TDraftPart = ({ kind: 'heading' } & TDraftHeading) | { kind: 'block'; block: TBlock };

export type TDraft = TDraftHeading & { document: TDocument };

export type TDrafter = {
  /** Shown in logs: which drafter wrote a draft. */
  readonly name: string;
  /** Yields one `heading` part first, then the document's blocks in order. */
  draft(input: TDraftInput, options?: { signal?: AbortSignal }): AsyncIterable<TDraftPart>;
};

/** Runs a drafter to the end and checks what it wrote is a document Draftwell can store. */
export async function collectDraft(
  drafter: TDrafter,
  input: TDraftInput,
  options: { signal?: AbortSignal } = {},
): Promise<TDraft> {
  let heading: TDraftHeading | undefined;
  const blocks: TBlock[] = [];
  for await (const part of drafter.draft(input, options)) {
    if (part.kind === 'heading') {
      heading = { title: part.title, currency: part.currency, validUntil: part.validUntil };
    } else {
      blocks.push(part.block);
    }
  }
  if (!heading) throw new Error(`the ${drafter.name} drafter gave no heading`);
  const parsed = ZDocument.safeParse({ version: 1, blocks });
  if (!parsed.success) {
    throw new Error(`the ${drafter.name} drafter wrote an invalid document: ${parsed.error.issues[0]?.message}`);
  }
  return { ...heading, document: parsed.data };
}
