// The footer's privacy policy PDF (spec §2, R14): made from the administrators' page text and the
// settings, on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../generated/tables';
import { htmlToPdfContent } from '../src/platform/web/html-to-pdf';
import { POLICY_PAGE, policyDocument } from '../src/domains/privacy/privacy-policy';
import { describeOnDatabases, startDemoShop, type TestApp } from './harness';

describe('rich text as PDF content', () => {
  it('keeps headings, paragraphs, lists, emphasis and links, and drops images', () => {
    const content = htmlToPdfContent(
      '<h2>1. Данные</h2><p>Мы храним <strong>телефон</strong> и <em>e-mail</em>.<br>Пишите на ' +
        '<a href="mailto:info@shop.example">info@shop.example</a>.</p>' +
        '<ul><li>доставка;</li><li>оплата<ol><li>картой</li></ol></li></ul><img src="/x.png" alt="">' +
        '<p>Цена &amp; 5 &lt; 7</p>',
    );
    expect(content[0]).toEqual({ text: ['1. Данные'], style: 'h2' });
    expect(content[1]).toEqual({
      style: 'p',
      text: [
        'Мы храним ',
        { text: 'телефон', bold: true },
        ' и ',
        { text: 'e-mail', italics: true },
        '.',
        '\n',
        'Пишите на ',
        {
          text: 'info@shop.example',
          link: 'mailto:info@shop.example',
          color: '#1a5fb4',
          decoration: 'underline',
        },
        '.',
      ],
    });
    expect(content[2]).toEqual({
      ul: [
        { text: ['доставка;'] },
        { stack: [{ text: ['оплата'] }, { ol: [{ text: ['картой'] }], margin: [0, 0, 0, 6] }] },
      ],
      margin: [0, 0, 0, 6],
    });
    expect(content[3]).toEqual({ text: ['Цена & 5 < 7'], style: 'p' });
    expect(content).toHaveLength(4);
  });

  it('reads tables and quotes, and every character reference (the text is decoded once, by the parser)', () => {
    const content = htmlToPdfContent(
      '<blockquote><p>&laquo;Цитата&raquo;&nbsp;&mdash; &#1090;&#x435;&#1082;&#1089;&#1090;</p></blockquote>' +
        '<table><tr><th>Срок</th><th>Цель</th></tr><tr><td>3 года</td></tr></table><!-- заметка -->',
    );
    // White space folds to one space, &nbsp; included, as it always has in the PDF.
    expect(content).toEqual([
      { stack: [{ text: ['«Цитата» — текст'], style: 'p' }], margin: [16, 0, 0, 6], italics: true },
      {
        table: {
          headerRows: 0,
          widths: ['*', '*'],
          body: [
            [
              { text: ['Срок'], bold: true },
              { text: ['Цель'], bold: true },
            ],
            [{ text: ['3 года'], bold: false }, ''],
          ],
        },
        margin: [0, 4, 0, 8],
      },
    ]);
  });

  it('heads the document with the title, the edition date and the seller', () => {
    const doc = policyDocument({
      title: 'Политика',
      html: '<p>Текст</p><script>alert(1)</script>',
      shopName: 'LashLine',
      legalName: 'ООО «Лэшлайн»',
      ogrn: '1167746123456',
      inn: '7705123452',
      legalAddress: null,
      supportEmail: 'info@lashline.example',
      updated: '24 ноября 2026',
    });
    expect(doc.content).toEqual([
      { text: 'Политика', style: 'title' },
      { text: 'LashLine. Редакция от 24 ноября 2026', style: 'meta' },
      {
        text: 'ООО «Лэшлайн»\nОГРН 1167746123456\nИНН 7705123452\nE-mail: info@lashline.example',
        style: 'meta',
      },
      { text: ['Текст'], style: 'p' },
    ]);
    expect(doc.info?.author).toBe('ООО «Лэшлайн»');
  });
});

describeOnDatabases('GET /privacy-policy.pdf on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startDemoShop(target);
  });
  afterAll(() => t.close());

  const get = () => t.app.inject({ method: 'GET', url: '/privacy-policy.pdf' });
  const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

  it('answers a PDF of several pages made from the demo shop’s policy', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="privacy-policy.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(res.rawPayload)).toBeGreaterThanOrEqual(2);
    expect(res.headers['last-modified']).toBeTruthy();
  });

  it('follows an edit of the page and answers 404 when the page is switched off', async () => {
    const before = await get();
    await t.database.db
      .update(pages)
      .set({ content: '<p>Короткая редакция.</p>', updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(pages.slug, POLICY_PAGE));
    const after = await get();
    expect(after.statusCode).toBe(200);
    expect(pageCount(after.rawPayload)).toBe(1);
    expect(after.headers['last-modified']).not.toBe(before.headers['last-modified']);

    await t.database.db.update(pages).set({ active: false }).where(eq(pages.slug, POLICY_PAGE));
    const off = await get();
    expect(off.statusCode).toBe(404);
    expect(off.body).toBe('Политика конфиденциальности не опубликована');
  });
});
