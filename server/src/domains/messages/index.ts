// Messages: templates, the outbox and its delivery, gateways (SMTP, SMS.ru), mailings, previews, sending
// again, and the newsletter's subscriptions.
import type { ServerPart } from '../../platform/server-part';
import { watchOutbox } from './backlog';
import { messagesRoutes } from './admin-routes';
import { newsletterOneClickRoutes, newsletterRoutes } from './newsletter';

export const server: ServerPart = {
  api: (ctx) => newsletterRoutes(ctx.database.db, ctx.config),
  admin: (ctx) => messagesRoutes(ctx),
  // A mail client's one-click unsubscribe posts to the letter's link, the storefront's page address.
  site: (ctx) => newsletterOneClickRoutes(ctx.database.db),
  metrics: (ctx) => watchOutbox(ctx.metrics, ctx.database.db),
};

// What other folders use of this domain.
export { outboxTask } from './delivery';
export { activateSubscription, endSubscriptions, normaliseEmail, requestSubscription } from './newsletter';
export {
  activeTemplates,
  enqueueTemplatedEmail,
  enqueueTemplatedSms,
  templatedBatchWrite,
  wakeOutbox,
  type ActiveTemplate,
  type ChannelMessage,
  type TemplateKey,
} from './outbox';
export { escapeHtml, type TemplateValues } from './render';
export { ensureSystemTemplates, mailTemplateRows, smsTemplateRows } from './system-templates';
