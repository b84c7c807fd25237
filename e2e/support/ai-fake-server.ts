/**
 * The fake OpenAI-compatible model (openai-fake.ts) as its own process, for the browser tests:
 * a `webServer` entry of playwright.config.ts that the "integrations" app talks to.
 *
 *   POST /v1/chat/completions   → a proposal streamed a chunk at a time,
 *                                 or a rewritten section; a brief whose need contains
 *                                 "[fail:429]" gets a 429, one with "[fail:cut]" is cut
 *                                 off after its text sections, one with "[hold]" stops
 *                                 before its "Next steps" section until POST /release
 *   POST /release               → every held draft goes on
 *   GET  /healthz               → 200 "ok"
 *
 * Env: E2E_AI_PORT. Listens on 127.0.0.1 only.
 */
import { startFakeOpenAi } from './openai-fake';

const port = Number(process.env.E2E_AI_PORT);
if (!port) {
  process.stderr.write('ai-fake-server: set E2E_AI_PORT\n');
  process.exit(1);
}

// A quick pace: a test that looks at a draft being written holds it ("[hold]") instead of racing it.
const fake = await startFakeOpenAi({ port, apiKey: 'test-key', chunkDelayMs: 10 });
process.once('SIGTERM', () => void fake.close().then(() => process.exit(0)));
