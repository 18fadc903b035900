// Forms: the call-back and message forms, reviews from the site, the captcha, and their moderation.
import type { ServerPart } from '../../platform/server-part';
import { captchaRoutes } from './captcha';
import { feedbackRoutes } from './form-routes';
import { moderationRoutes } from './moderation';

export const server: ServerPart = {
  api: (ctx) => async (api) => {
    await api.register(captchaRoutes(ctx.database.db, ctx.config.captchaTestAnswer));
    await api.register(feedbackRoutes(ctx.database.db, ctx.config));
  },
  admin: (ctx) => moderationRoutes(ctx.database.db, ctx.registry),
};

// What other folders use of this domain.
export { checkCaptcha } from './captcha';
export { pruneCaptchas } from './captcha';
