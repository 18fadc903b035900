// The admin's messaging: template and letter previews, recipient counts, mailings from send-emails and
// send-sms with their progress, and sending failed messages again (unsend-emails, unsend-sms). Registered
// under /api/admin by admin-api.ts; access follows the x-access of mailings and outbox-messages.
import type { FastifyInstance } from 'fastify';
import type { AdminApiContext } from '../../platform/types';
import { messagesAccess } from './access';
import { audienceRoutes } from './audience';
import { mailingRoutes } from './mailings';
import { previewRoutes } from './preview';
import { resendRoutes } from './resend';

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
