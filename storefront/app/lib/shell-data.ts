import type { CategoryNode, PublicSettings } from '@shop/schemas';
import { useRouteLoaderData } from 'react-router';

/** Links to the shop's pages elsewhere (spec §2: Pinterest, VK, Telegram, Ozon, Wildberries, WhatsApp). */
export interface SocialLinks {
  pinterest: string | null;
  vk: string | null;
  telegram: string | null;
  ozon: string | null;
  wildberries: string | null;
  whatsapp: string | null;
}

/** Deployment settings the browser needs, read on the server at request time (never baked into the build). */
export interface PublicConfig {
  /** BASE_URL_TO_API for calls from the browser: '' means the same origin. */
  apiBaseURL: string;
  /** The site's own address for canonical links, OpenGraph and JSON-LD: SITE_URL, or the request's origin. */
  origin: string;
  shopName: string;
  /** Support phone as people read it, e.g. "+7 (800) 000-00-00". */
  supportPhone: string;
  supportEmail: string | null;
  /** The seller's legal name and state registration number, required on a Russian shop's pages. */
  legalName: string;
  registrationNumber: string;
  /** The privacy policy: a document set in the admin, or the personal-data consent page. */
  privacyPolicyUrl: string;
  social: SocialLinks;
  /** Yandex Metrika counter number; no counter is loaded without it. */
  analyticsCounterId: string | null;
  /** Yandex Maps JavaScript API key (public by nature); no map is loaded without it. */
  mapsApiKey: string | null;
  /** Default title and description of pages without their own. */
  seoTitle: string | null;
  seoDescription: string | null;
  /** The bonus programme's accrual («+N баллов» on the product page); null while it is off. */
  bonus: PublicSettings['bonus'];
}

/** What the root loader gives the header, the footer and the error pages. */
export interface ShellData {
  config: PublicConfig;
  /** The catalogue's category tree (two levels) for the header's catalogue menu and the mobile menu. */
  categories: CategoryNode[];
  cartCount: number;
  year: number;
  /**
   * The shop is in maintenance mode and this visitor is staff (admin, manager, content), who still sees
   * the site: the header says so. Everybody else gets the maintenance page instead.
   */
  maintenanceBypass: boolean;
}

/** The personal-data consent page: the privacy link's target when no policy document is set. */
/** The privacy policy as a PDF made by the server from the consent page (server/src/domains/privacy/privacy-policy.ts). */
export const PRIVACY_POLICY_PDF = '/privacy-policy.pdf';

// Used when the root loader itself failed: the error page must still show a working header and footer.
export const FALLBACK_SHELL: ShellData = {
  config: {
    apiBaseURL: '',
    origin: '',
    shopName: 'LashLine',
    supportPhone: '+7 (800) 000-00-00',
    supportEmail: null,
    legalName: 'ООО «Название организации»',
    registrationNumber: '0000000000000',
    privacyPolicyUrl: PRIVACY_POLICY_PDF,
    social: { pinterest: null, vk: null, telegram: null, ozon: null, wildberries: null, whatsapp: null },
    analyticsCounterId: null,
    mapsApiKey: null,
    seoTitle: null,
    seoDescription: null,
    bonus: null,
  },
  categories: [],
  cartCount: 0,
  year: new Date().getFullYear(),
  maintenanceBypass: false,
};

export function useShellData(): ShellData {
  return useRouteLoaderData<ShellData>('root') ?? FALLBACK_SHELL;
}

/** "+7 (800) 000-00-00" → "tel:+78000000000". */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
