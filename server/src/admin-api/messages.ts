// The admin's messaging: template and letter previews, recipient counts, mailings from send-emails and
// send-sms with their progress, and sending failed messages again (unsend-emails, unsend-sms). Registered
// under /api/admin by admin-api/index.ts; access follows the x-access of mailings and outbox-messages.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from './index';
import { messagesAccess } from './messages/access';
import { audienceRoutes } from './messages/audience';
import { mailingRoutes } from './messages/mailings';
import { previewRoutes } from './messages/preview';
import { resendRoutes } from './messages/resend';

export function messagesRoutes(ctx: AdminApiContext) {
  return async function plugin(app: FastifyInstance) {
    const { db } = ctx.database;
    const access = messagesAccess(ctx.registry);
    await app.register(previewRoutes(access));
    await app.register(audienceRoutes(db, access));
    await app.register(mailingRoutes(db, ctx.registry, access, ctx.config.siteUrl));
    await app.register(resendRoutes(db, access));
  };
}
