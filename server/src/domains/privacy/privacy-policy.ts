// GET /privacy-policy.pdf: the privacy policy the footer links to (spec §2), as a PDF made from the content
// page `privacy-policy` that administrators edit (Контент → Страницы), headed by the seller's details from the
// settings: nobody has to make and upload a new file after changing the text or the company's details.
// Made on the first request after a change (keyed by the page's and the settings' updatedAt), kept in memory.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Db } from '../../platform/db';
import { sanitizeHtml } from '../../platform/web/sanitize-html';
import { pages } from '../../../generated/tables';
import { settingsRow } from '../settings';
import { htmlToPdfContent } from '../../platform/web/html-to-pdf';
import { renderPdf } from '../../platform/web/pdf';

/** The content page the PDF is made from. */
export const POLICY_PAGE = 'privacy-policy';

export interface PolicySource {
  title: string;
  html: string;
  shopName: string;
  legalName: string | null;
  ogrn: string | null;
  inn: string | null;
  legalAddress: string | null;
  supportEmail: string | null;
  /** Moscow date of the text's last change, "22 ноября 2026". */
  updated: string;
}

export function policyDocument(src: PolicySource): TDocumentDefinitions {
  const seller = [
    src.legalName,
    src.ogrn && `ОГРН ${src.ogrn}`,
    src.inn && `ИНН ${src.inn}`,
    src.legalAddress,
    src.supportEmail && `E-mail: ${src.supportEmail}`,
  ].filter(Boolean) as string[];
  const content: Content[] = [
    { text: src.title, style: 'title' },
    { text: `${src.shopName}. Редакция от ${src.updated}`, style: 'meta' },
    ...(seller.length ? [{ text: seller.join('\n'), style: 'meta' } as Content] : []),
    ...htmlToPdfContent(sanitizeHtml(src.html)),
  ];
  return {
    info: { title: src.title, author: src.legalName ?? src.shopName, subject: 'Политика конфиденциальности' },
    pageSize: 'A4',
    pageMargins: [56, 56, 56, 56],
    defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.3 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 8] },
      meta: { fontSize: 9, color: '#555555', margin: [0, 0, 0, 12] },
      h2: { fontSize: 14, bold: true, margin: [0, 12, 0, 6] },
      h3: { fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
      h4: { fontSize: 11, bold: true, margin: [0, 8, 0, 4] },
      p: { margin: [0, 0, 0, 6] },
    },
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#777777',
    }),
    content,
  };
}

export function renderPolicyPdf(src: PolicySource): Promise<Buffer> {
  return renderPdf(policyDocument(src));
}

const moscowDate = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

export function privacyPolicyRoutes(db: Db) {
  let cached: { key: string; pdf: Buffer } | null = null;
  return async function plugin(app: FastifyInstance) {
    app.get('/privacy-policy.pdf', async (_request, reply) => {
      const [[page], shop] = await Promise.all([
        db.select().from(pages).where(eq(pages.slug, POLICY_PAGE)).limit(1),
        settingsRow(db),
      ]);
      if (!page || !page.active)
        return reply
          .status(404)
          .type('text/plain; charset=utf-8')
          .send('Политика конфиденциальности не опубликована');
      const changed = new Date(Math.max(page.updatedAt.getTime(), shop?.updatedAt.getTime() ?? 0));
      const key = `${page.id}:${changed.getTime()}`;
      if (cached?.key !== key) {
        const pdf = await renderPolicyPdf({
          title: page.title,
          html: page.content ?? '',
          shopName: shop?.shopName ?? 'Интернет-магазин',
          legalName: shop?.legalName ?? null,
          ogrn: shop?.ogrn ?? null,
          inn: shop?.inn ?? null,
          legalAddress: shop?.legalAddress ?? null,
          supportEmail: shop?.supportEmail ?? null,
          updated: moscowDate.format(page.updatedAt),
        });
        cached = { key, pdf };
      }
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'inline; filename="privacy-policy.pdf"')
        .header('Last-Modified', changed.toUTCString())
        .header('Cache-Control', 'public, max-age=300')
        .send(cached.pdf);
    });
  };
}
