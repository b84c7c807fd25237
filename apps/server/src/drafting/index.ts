import { builtinDrafter } from './builtin-drafter';
import type { TDrafter } from './drafter';

export { collectDraft } from './drafter';
export type { TDraft, TDraftClient, TDraftInput, TDraftProfile, TDraftSavedItem, TDrafter } from './drafter';

/**
 * The drafter that writes new drafts. Only the built-in one exists yet; the model-backed drafter
 * (the `ai` SDK, chosen when the AI_* settings are present) implements the same TDrafter here.
 */
export function chooseDrafter(): TDrafter {
  return builtinDrafter;
}
