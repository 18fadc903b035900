// The admin's messaging: template and letter previews, recipient counts, mailings from send-emails and
// send-sms with their progress, and sending failed messages again (unsend-emails, unsend-sms). Registered
// under /api/admin by admin-api/index.ts; access follows the x-access of mailings and outbox-messages.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from './index';
import { messagesAccess } from './messages/access';
import { audienceRoutes } from './messages/audience';
import { mailingRoutes } from './messages/mailings';
import { refuseManualOutboxWrite } from './messages/outbox-guard';
import { previewRoutes } from './messages/preview';
import { resendRoutes } from './messages/resend';
import { resourceOf } from './sales/access';

export function messagesRoutes(ctx: AdminApiContext) {
  // The outbox schema names no hook (its fields are the worker's), so the refusal of hand-made rows is
  // attached here, where the rest of the outbox's admin behaviour lives, before any request is served.
  const outbox = resourceOf(ctx.registry, 'outbox-messages');
  outbox.hooks.beforeSave ??= refuseManualOutboxWrite;
  return async function plugin(app: FastifyInstance) {
    const { db } = ctx.database;
    const access = messagesAccess(ctx.registry);
    await app.register(previewRoutes(access));
    await app.register(audienceRoutes(db, access));
    await app.register(mailingRoutes(db, access, ctx.config.siteUrl));
    await app.register(resendRoutes(db, access));
  };
}
