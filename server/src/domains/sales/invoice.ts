// The invoice (счёт на оплату) of an order an organisation pays by bank transfer, in the usual Russian form:
// the supplier's bank details at the top, the two parties, the lines at their price after discounts, the
// VAT included, the total in figures and in words. `loadInvoice` reads what it needs from the database;
// `invoiceSheet` writes every text of the document from that (the numbers formatted, the sum in words), and
// `invoiceDocument` lays the sheet out as a pdfmake document; the admin's print page lays out the same sheet
// in HTML (GET /api/admin/orders/print), so the printed invoice and the PDF say the same.
import { and, asc, eq } from 'drizzle-orm';
import numberToWordsRu from 'number-to-words-ru';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { AdminInvoiceSheet } from '@shop/schemas';
import organizationsSchema from '@shop/schemas/entities/accounts/users-organizations.schema.json' with { type: 'json' };
import {
  deliveryServices,
  orderItems,
  orders,
  paymentServices,
  products,
  userOrganizations,
} from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import { receiptPositions } from '../pricing';
import { settingsRow } from '../settings';

/** One side of the invoice; null where the administrator or the customer has not filled a field in. */
export interface InvoiceParty {
  name: string | null;
  inn: string | null;
  kpp: string | null;
  address: string | null;
}

export interface InvoiceSupplier extends InvoiceParty {
  bankName: string | null;
  bik: string | null;
  settlementAccount: string | null;
  correspondentAccount: string | null;
  phone: string | null;
}

export interface InvoiceLine {
  title: string;
  quantity: number;
  unit: string;
  /** What the buyer pays for the whole line, kopecks, VAT included, after discounts and bonus points. */
  amount: number;
  /** The VAT rate in percent, or null for goods sold without VAT. */
  vatRate: number | null;
}

export interface InvoiceData {
  number: string;
  createdAt: Date;
  shopName: string;
  supplier: InvoiceSupplier;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  validDays: number;
}

/** What stands in the document for a field nobody filled in: the administrator sees what is missing. */
export const NOT_GIVEN = 'не указано';

/** The VAT rate of each 54-FZ VAT code (settings.receiptVatCode, products.vatCode); code 1 is «без НДС». */
const VAT_RATES: Record<number, number> = {
  2: 0,
  3: 10,
  4: 20,
  5: 10,
  6: 20,
  7: 5,
  8: 7,
  9: 5,
  10: 7,
  11: 22,
  12: 22,
};
export const vatRateOf = (code: number): number | null => VAT_RATES[code] ?? null;

/** The VAT inside a VAT-inclusive amount, rounded to kopecks: 122 ₽ at 22 % hold 22 ₽. */
export const vatIncluded = (amount: number, rate: number) => Math.round((amount * rate) / (100 + rate));

const money = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Kopecks as roubles with kopecks, the Russian way: 149050 → "1 490,50". */
export const formatKopecks = (kopecks: number) => money.format(kopecks / 100);

/** The sum in words as invoices write it: 149050 → «Одна тысяча четыреста девяносто рублей 50 копеек». */
export function sumInWords(kopecks: number): string {
  const whole = Math.floor(kopecks / 100);
  const cents = String(kopecks % 100).padStart(2, '0');
  // A string, not a float: the library then never sees 0.1 + 0.2.
  return numberToWordsRu.convert(`${whole}.${cents}`, { currency: 'rub' });
}

const moscowDate = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

const orGap = (value: string | null) => value?.trim() || NOT_GIVEN;

/** «Name, ИНН …, КПП …, address» of the Поставщик and Покупатель lines; a KPP only where there is one. */
function partyLine(party: InvoiceParty, phone?: string | null): string {
  return [
    orGap(party.name),
    `ИНН ${orGap(party.inn)}`,
    party.kpp && `КПП ${party.kpp}`,
    party.address?.trim() || `адрес: ${NOT_GIVEN}`,
    phone && `тел. ${phone}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The VAT lines under the total: one per rate present, or «Без налога (НДС)» when nothing bears VAT. */
function vatLines(lines: InvoiceLine[]): [label: string, value: string][] {
  const byRate = new Map<number, number>();
  for (const l of lines)
    if (l.vatRate !== null) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.amount);
  if (!byRate.size) return [['Без налога (НДС):', '—']];
  return [...byRate]
    .sort(([a], [b]) => b - a)
    .map(([rate, amount]) => [`В том числе НДС ${rate} %:`, formatKopecks(vatIncluded(amount, rate))]);
}

/** Every text of an invoice, in the order the document shows them: the schema's type (admin-invoice-sheet). */
export type InvoiceSheet = AdminInvoiceSheet;

export function invoiceSheet(data: InvoiceData): InvoiceSheet {
  const total = data.lines.reduce((sum, l) => sum + l.amount, 0);
  const date = moscowDate.format(data.createdAt);
  const s = data.supplier;
  return {
    title: `Счёт на оплату № ${data.number} от ${date}`,
    bank: {
      bankName: orGap(s.bankName),
      bik: orGap(s.bik),
      correspondentAccount: orGap(s.correspondentAccount),
      settlementAccount: orGap(s.settlementAccount),
      inn: orGap(s.inn),
      // An ИП has no KPP: an empty one is no omission.
      kpp: s.kpp ?? '',
      recipient: orGap(s.name),
    },
    supplier: partyLine(s, s.phone),
    buyer: partyLine(data.buyer),
    basis: `Заказ № ${data.number} от ${date} в интернет-магазине «${data.shopName}»`,
    rows: data.lines.map((l, i) => ({
      n: String(i + 1),
      title: l.title,
      quantity: String(l.quantity),
      unit: l.unit,
      // The unit price after discounts: a row's sum divides by its quantity (loadInvoice splits the lines).
      price: formatKopecks(l.amount / l.quantity),
      amount: formatKopecks(l.amount),
    })),
    totals: [
      ['Итого:', formatKopecks(total)],
      ...vatLines(data.lines),
      ['Всего к оплате:', formatKopecks(total)],
    ].map(([label, value]) => ({ label: label!, value: value! })),
    summary: `Всего наименований ${data.lines.length}, на сумму ${formatKopecks(total)} руб.`,
    words: sumInWords(total),
    validity: `Счёт действителен в течение ${data.validDays} банковских дней.`,
    purpose: `В назначении платежа укажите: «Оплата по счёту № ${data.number} от ${date}».`,
  };
}

/** The supplier's bank details as the top block of every Russian invoice. */
function bankBlock(b: InvoiceSheet['bank']): Content {
  const caption = (text: string) => ({ text, fontSize: 8, color: '#444444' });
  return {
    table: {
      widths: ['*', '*', 40, 150],
      body: [
        [
          {
            stack: [b.bankName, { ...caption('Банк получателя'), margin: [0, 8, 0, 0] }],
            colSpan: 2,
            rowSpan: 2,
          },
          '',
          'БИК',
          b.bik,
        ],
        ['', '', 'Сч. №', b.correspondentAccount],
        [
          `ИНН ${b.inn}`,
          `КПП ${b.kpp}`,
          { text: 'Сч. №', rowSpan: 2 },
          { text: b.settlementAccount, rowSpan: 2 },
        ],
        [
          { stack: [b.recipient, { ...caption('Получатель'), margin: [0, 8, 0, 0] }], colSpan: 2 },
          '',
          '',
          '',
        ],
      ] as TableCell[][],
    },
    margin: [0, 0, 0, 14],
  };
}

export function invoiceDocument(data: InvoiceData): TDocumentDefinitions {
  const sheet = invoiceSheet(data);
  const right = (text: string) => ({ text, alignment: 'right' as const });
  const head = (text: string) => ({ text, bold: true, alignment: 'center' as const, fillColor: '#eeeeee' });
  const rows: TableCell[][] = sheet.rows.map((r) => [
    right(r.n),
    r.title,
    right(r.quantity),
    r.unit,
    right(r.price),
    right(r.amount),
  ]);
  const signature = (role: string): Content => ({
    columns: [
      { text: role, bold: true, width: 90 },
      { text: '____________________', width: 140 },
      { text: '/ ____________________ /', width: '*' },
    ],
    margin: [0, 18, 0, 0],
  });
  return {
    info: { title: sheet.title, author: data.supplier.name ?? data.shopName, subject: 'Счёт на оплату' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    defaultStyle: { fontSize: 9.5, lineHeight: 1.15 },
    content: [
      bankBlock(sheet.bank),
      { text: sheet.title, fontSize: 15, bold: true, margin: [0, 0, 0, 4] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 1.5 }], margin: [0, 0, 0, 10] },
      {
        columns: [
          { text: 'Поставщик (исполнитель):', width: 90, color: '#444444' },
          { text: sheet.supplier, bold: true },
        ],
        margin: [0, 0, 0, 6],
      },
      {
        columns: [
          { text: 'Покупатель (заказчик):', width: 90, color: '#444444' },
          { text: sheet.buyer, bold: true },
        ],
        margin: [0, 0, 0, 6],
      },
      {
        columns: [{ text: 'Основание:', width: 90, color: '#444444' }, sheet.basis],
        margin: [0, 0, 0, 10],
      },
      {
        table: {
          headerRows: 1,
          widths: [20, '*', 40, 30, 65, 70],
          body: [
            [
              head('№'),
              head('Товары (работы, услуги)'),
              head('Кол-во'),
              head('Ед.'),
              head('Цена'),
              head('Сумма'),
            ],
            ...rows,
          ],
        },
        margin: [0, 0, 0, 8],
      },
      {
        table: {
          widths: ['*', 90],
          body: sheet.totals.map(({ label, value }) => [
            { text: label, bold: true, alignment: 'right' },
            { text: value, bold: true, alignment: 'right' },
          ]),
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 8],
      },
      sheet.summary,
      { text: sheet.words, bold: true, margin: [0, 2, 0, 12] },
      sheet.validity,
      sheet.purpose,
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 1.5 }], margin: [0, 10, 0, 0] },
      signature('Руководитель'),
      signature('Бухгалтер'),
    ],
  };
}

const LEGAL_FORMS: Record<string, string> = organizationsSchema.properties.legalForm['x-enum-labels'];
/** Forms whose name goes in quotes after the form: ООО «Ромашка», but ИП Иванова Анна Сергеевна. */
const COMPANY_FORMS = new Set(['ooo', 'ao', 'pao']);

/** The organisation's name with its form in front, unless the customer already wrote it so. */
export function organizationTitle(legalForm: string, name: string): string {
  const form = LEGAL_FORMS[legalForm];
  if (!form || !['ip', ...COMPANY_FORMS].includes(legalForm)) return name;
  if (name.toLocaleUpperCase('ru-RU').startsWith(`${form} `)) return name;
  const quoted = COMPANY_FORMS.has(legalForm) && !/["«»]/.test(name) ? `«${name}»` : name;
  return `${form} ${quoted}`;
}

/**
 * The invoice of an order, from the order, its lines, its organisation and the shop's settings; null when
 * the order is not paid by invoice or names no organisation (there is nobody to bill).
 */
export async function loadInvoice(db: DbOrTx, orderId: number): Promise<InvoiceData | null> {
  const [row] = await db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      deliveryPrice: orders.deliveryPrice,
      deliveryService: deliveryServices.title,
      org: userOrganizations,
    })
    .from(orders)
    .innerJoin(
      paymentServices,
      and(eq(paymentServices.id, orders.paymentServiceId), eq(paymentServices.kind, 'invoice')),
    )
    .innerJoin(userOrganizations, eq(userOrganizations.id, orders.organizationId))
    .leftJoin(deliveryServices, eq(deliveryServices.id, orders.deliveryServiceId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const [items, shop] = await Promise.all([
    db
      .select({
        title: orderItems.title,
        article: orderItems.article,
        quantity: orderItems.quantity,
        total: orderItems.total,
        discountShare: orderItems.discountShare,
        bonusShare: orderItems.bonusShare,
        payable: orderItems.payable,
        vatCode: products.vatCode,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position), asc(orderItems.id)),
    settingsRow(db),
  ]);
  // No settings row yet: the document still renders, every requisite «не указано».
  const goodsVat = shop?.receiptVatCode ?? 1;
  // A line whose sum does not divide by its quantity becomes two rows one kopeck apart, as on the receipt, so
  // that every row's price × quantity is its sum and the rows add up to the total.
  const lines: InvoiceLine[] = items.flatMap((i) => {
    const title = i.article ? `${i.title}, арт. ${i.article}` : i.title;
    // Lines stored before `payable` was kept: their share of the discount and of the points is taken off here.
    const amount = i.payable ?? i.total - i.discountShare - i.bonusShare;
    const vatRate = vatRateOf(i.vatCode ?? goodsVat);
    return receiptPositions(amount, i.quantity).map((p) => ({
      title,
      quantity: p.quantity,
      unit: 'шт',
      amount: p.price * p.quantity,
      vatRate,
    }));
  });
  if (row.deliveryPrice > 0)
    lines.push({
      title: row.deliveryService ? `Доставка: ${row.deliveryService}` : 'Доставка',
      quantity: 1,
      unit: 'усл',
      amount: row.deliveryPrice,
      vatRate: vatRateOf(shop?.receiptDeliveryVatCode ?? 1),
    });
  return {
    number: row.number,
    createdAt: row.createdAt,
    shopName: shop?.shopName ?? 'Интернет-магазин',
    supplier: {
      name: shop?.legalName ?? null,
      inn: shop?.inn ?? null,
      kpp: shop?.kpp ?? null,
      address: shop?.legalAddress ?? null,
      bankName: shop?.bankName ?? null,
      bik: shop?.bik ?? null,
      settlementAccount: shop?.settlementAccount ?? null,
      correspondentAccount: shop?.correspondentAccount ?? null,
      phone: shop?.supportPhone ?? null,
    },
    buyer: {
      name: organizationTitle(row.org.legalForm, row.org.name),
      inn: row.org.inn,
      kpp: row.org.kpp,
      address: row.org.legalAddress,
    },
    lines,
    validDays: shop?.invoiceValidDays ?? 5,
  };
}
