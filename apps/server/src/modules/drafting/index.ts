import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Logger } from 'pino';
import type { TAiEnv } from '../../env';
import { createAiDrafter, type TAiModelOptions } from './ai-drafter';
import { builtinDrafter } from './builtin-drafter';
import type { TDrafter } from './drafter';

export { collectDraft } from './drafter';
export type {
  TDraft,
  TDraftClient,
  TDraftContext,
  TDraftInput,
  TDraftPart,
  TDraftProfile,
  TDraftSavedItem,
  TDrafter,
} from './drafter';
export { builtinDrafter } from './builtin-drafter';
export { rewriteSection } from './ai-drafter';
export { aiFailure, isAiFailure } from './ai-failure';

/** One provider per configuration: the SDK's provider is stateless, so requests can share it. */
const models = new WeakMap<TAiEnv, TAiModelOptions>();

/** The model and its limits for the AI_* settings, or null when none is configured. */
export function aiModelOptions(ai: TAiEnv | null): TAiModelOptions | null {
  if (!ai) return null;
  let options = models.get(ai);
  if (!options) {
    const provider = createOpenAICompatible({
      name: 'draftwell-ai',
      baseURL: ai.baseUrl,
      apiKey: ai.apiKey,
      // Sends the schema as response_format json_schema: OpenAI, Ollama and vLLM all honour it.
      supportsStructuredOutputs: true,
    });
    options = { model: provider.chatModel(ai.model), timeoutMs: ai.timeoutMs };
    models.set(ai, options);
  }
  return options;
}

/** The drafter that writes new drafts: the model when AI_* is set, else the built-in one. */
export function chooseDrafter(ai: TAiEnv | null): TDrafter {
  const options = aiModelOptions(ai);
  return options ? createAiDrafter(options) : builtinDrafter;
}

type TSdkWarnings = { warnings: readonly unknown[]; provider: string; model: string };

/**
 * The `ai` SDK prints its warnings (a setting the model ignores, say) with console.warn; the
 * server's logs are JSON lines, so they go through its logger instead. Process-wide, as the
 * SDK's switch is a global.
 */
export function logAiSdkWarnings(logger: Logger): void {
  (globalThis as { AI_SDK_LOG_WARNINGS?: (o: TSdkWarnings) => void }).AI_SDK_LOG_WARNINGS = (o) =>
    logger.warn({ provider: o.provider, model: o.model, warnings: o.warnings }, 'AI SDK warning');
}
