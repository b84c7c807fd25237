/**
 * The second app of playwright.config.ts, with outside services configured (an AI model, the
 * fake in ai-fake-server.ts). Specs that need them run against it:
 * `test.use({ baseURL: INTEGRATIONS_URL })`.
 */
export const INTEGRATIONS_URL = `http://127.0.0.1:${process.env.E2E_APP2_PORT}`;
