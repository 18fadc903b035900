// Accounts: sign-in and sessions, the admin's cookie session, registration and e-mail links, passwords, the
// customer's profile, company and subscriptions. What other folders may use of it is exported below.
import type { ServerPart } from '../../platform/server-part';
import { adminSessionRoutes } from './admin-session';
import { authRoutes } from './auth-routes';
import { profileRoutes } from './profile';
import { profileSubscriptionRoutes } from './profile-subscriptions';

export const server: ServerPart = {
  api: (ctx) => async (api) => {
    const { db } = ctx.database;
    const { config } = ctx;
    await api.register(
      authRoutes(db, { siteUrl: config.siteUrl, afterResponse: ctx.afterResponse, signedIn: ctx.signedIn }),
      { prefix: '/auth' },
    );
    // The admin area's sign-in into an HttpOnly cookie, with its CSRF token (admin-session.ts).
    await api.register(adminSessionRoutes(db), { prefix: '/auth/admin' });
    await api.register(profileRoutes(db, config));
    await api.register(profileSubscriptionRoutes(db, config));
  },
};

// What other folders use of this domain.
export { isUniqueViolation } from './register';
export { ensureAdmin } from './bootstrap';
export { checkCredentials, type LoginThrottle } from './sign-in';
export { loginThrottle } from './throttle';
