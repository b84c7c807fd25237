import { API_KEY_SCOPES, apiKeyScopeLabel, type TApiKeyScope } from '@draftwell/shared/developers/api-keys';
import { WEBHOOK_EVENT_TYPES, webhookEventLabel, type TWebhookEventType } from '@draftwell/shared/developers/webhooks';
import type { I18n } from '@draftwell/shared/i18n/i18n';

/** What each API key scope allows, in the app's language (`apiKeyScopeLabel`). */
export const apiKeyScopeLabels = (i18n: I18n): Record<TApiKeyScope, string> =>
  Object.fromEntries(API_KEY_SCOPES.map((scope) => [scope, apiKeyScopeLabel(i18n, scope)])) as Record<
    TApiKeyScope,
    string
  >;

/** What each webhook event means, in the app's language (`webhookEventLabel`). */
export const webhookEventLabels = (i18n: I18n): Record<TWebhookEventType, string> =>
  Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, webhookEventLabel(i18n, type)])) as Record<
    TWebhookEventType,
    string
  >;
