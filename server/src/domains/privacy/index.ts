// Personal data: the consents people give (forms, registration, orders, subscriptions) and the privacy
// policy as a PDF made from its page.
import type { ServerPart } from '../../platform/server-part';
import { privacyPolicyRoutes } from './privacy-policy';

export const server: ServerPart = {
  site: (ctx) => privacyPolicyRoutes(ctx.database.db),
};

// What other folders use of this domain.
export {
  consentContext,
  consentTextVersion,
  consentWrite,
  keptConsentTextVersion,
  recordConsent,
} from './consents';
