import type { TApiKeyScope } from '@draftwell/shared/developers/api-keys';
import type { TWebhookEventType } from '@draftwell/shared/developers/webhooks';
import type { I18n } from '@draftwell/shared/i18n/i18n';

/**
 * What each API key scope allows, in the app's language (API_KEY_SCOPE_LABELS in
 * packages/shared holds the same English).
 */
export const apiKeyScopeLabels = (i18n: I18n): Record<TApiKeyScope, string> => ({
  'proposals:read': i18n._('Read proposals, their events and PDFs'),
  'proposals:write': i18n._('Create, change, send, withdraw and delete proposals'),
  'clients:read': i18n._('Read clients'),
  'clients:write': i18n._('Create, change and delete clients'),
  'templates:read': i18n._('Read templates and saved items'),
  'templates:write': i18n._('Create, change and delete templates and saved items'),
  'webhooks:read': i18n._('Read webhook endpoints and deliveries'),
  'webhooks:write': i18n._('Create, change and delete webhook endpoints'),
});

/**
 * What each webhook event means, in the app's language (WEBHOOK_EVENT_LABELS in
 * packages/shared holds the same English).
 */
export const webhookEventLabels = (i18n: I18n): Record<TWebhookEventType, string> => ({
  'proposal.sent': i18n._('Sent to the client'),
  'proposal.viewed': i18n._('Opened by the client'),
  'proposal.commented': i18n._('A comment was added'),
  'proposal.signed': i18n._('A signer signed (each signer)'),
  'proposal.accepted': i18n._('Accepted (every signature in)'),
  'proposal.declined': i18n._('Declined'),
  'proposal.expired': i18n._('Expired unanswered'),
  'proposal.paid': i18n._('Paid (Stripe or marked paid)'),
  'proposal.withdrawn': i18n._('Withdrawn'),
});
