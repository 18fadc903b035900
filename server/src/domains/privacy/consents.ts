// Consent to the processing of personal data (152-FZ): every form that takes a name, e-mail or phone writes
// one row in the same transaction as the data it sends, naming the version of the consent text the visitor
// was shown. The text is the content page company/consent; its version is the page's last change, so an
// edit of the text starts a new version without anyone having to number it.
import { eq, getTableName } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../platform/db';
import { consents, pages } from '../../../generated/tables';
import { keptUntilChange, type PublicData } from '../../platform/web/public-data';

export const CONSENT_PAGE_SLUG = 'company/consent';

export type ConsentPurpose = 'personal_data' | 'newsletter';
export type ConsentSource =
  | 'feedback_call'
  | 'feedback_message'
  | 'feedback_represent'
  | 'newsletter'
  | 'registration'
  | 'profile'
  | 'order'
  | 'stock_notice';

/** `company/consent@<updatedAt ISO>`, or `company/consent@none` while the page does not exist. */
export async function consentTextVersion(db: DbOrTx): Promise<string> {
  const [page] = await db
    .select({ updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.slug, CONSENT_PAGE_SLUG))
    .limit(1);
  return `${CONSENT_PAGE_SLUG}@${page ? page.updatedAt.toISOString() : 'none'}`;
}

const keptByApp = new WeakMap<PublicData, () => Promise<string>>();

/** consentTextVersion kept in memory until a content page changes (the checkout records one per order). */
export function keptConsentTextVersion(publicData: PublicData, db: DbOrTx): () => Promise<string> {
  let kept = keptByApp.get(publicData);
  if (!kept) {
    const read = keptUntilChange(publicData, () => consentTextVersion(db), { tables: [getTableName(pages)] });
    kept = () => read();
    keptByApp.set(publicData, kept);
  }
  return kept;
}

export interface ConsentInput {
  purpose: ConsentPurpose;
  source: ConsentSource;
  userId?: number | null;
  email?: string | null;
  phone?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** The version as kept in memory (keptConsentTextVersion); else read now. */
  textVersion?: string;
}

/** Who is asking, as a consent records it: the client IP (behind a trusted proxy), browser, account. */
export function consentContext(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    userId: request.user?.id ?? null,
  };
}

// Cut to the columns' limits: a consent must be stored even when a browser sends an absurd user agent.
const cut = (s: string | null | undefined, max: number) => (s ? s.slice(0, max) : null);

export async function recordConsent(tx: DbOrTx, input: ConsentInput): Promise<number> {
  const textVersion = input.textVersion ?? (await consentTextVersion(tx));
  const [row] = await consentWrite(tx, { ...input, textVersion }).returning({ id: consents.id });
  return row!.id;
}

/** The consent's insert, not yet run: placing an order writes it with the order (platform/db/together.ts). */
export function consentWrite(tx: DbOrTx, input: ConsentInput & { textVersion: string }) {
  return tx.insert(consents).values({
    purpose: input.purpose,
    source: input.source,
    userId: input.userId ?? null,
    email: cut(input.email, 255),
    phone: cut(input.phone, 20),
    ip: cut(input.ip, 45),
    userAgent: cut(input.userAgent, 500),
    textVersion: input.textVersion,
  });
}
