// The order screen's money dialogs, their pure part: what a cancel does with the money the order holds, the
// date and sum of an invoice payment being marked, and the lines and sum of a refund without a cancel. Each
// turns what the dialog holds (rubles as typed) into the request's part (kopecks), or the Russian reason it
// cannot be sent yet. The server checks the same and more (the sum against what is left, the lines' own).
import { piecesSum, type AdminOrderRefundRequest, type AdminOrderView as OrderView } from '@shop/schemas';
import { formatRubles, parseMoney } from '../../../fields/money';

export type CancelMoney = 'provider' | 'manual' | 'none';

/** What the cancel dialog offers for the money, in the order shown; the first is chosen at the start. */
export function cancelMoneyChoices(view: OrderView): { value: CancelMoney; label: string }[] {
  const sum = formatRubles(view.money.refundable);
  if (view.payment.kind === 'online')
    return [
      {
        value: 'provider',
        label: `Вернуть ${sum} через ${view.payment.providerLabel ?? 'платёжный сервис'}`,
      },
      { value: 'manual', label: 'Деньги возвращены вручную' },
      { value: 'none', label: 'Не возвращать сейчас: деньги остаются у магазина' },
    ];
  return [
    { value: 'manual', label: 'Да, деньги возвращены' },
    { value: 'none', label: 'Нет, деньги пока у магазина' },
  ];
}

/** The money part of a cancel, as the dialog holds it. */
export interface CancelMoneyInput {
  method?: CancelMoney;
  /** Rubles as typed, for a manual refund. */
  amount?: string;
  note?: string;
}

export type CancelRefund = { method: CancelMoney; amount?: number; note?: string };

/** The cancel's `refund`, or why the dialog cannot send it; null when the order holds no money. */
export function cancelRefund(
  view: OrderView,
  input: CancelMoneyInput,
): { refund: CancelRefund | null } | { error: string } {
  const left = view.money.refundable;
  if (left <= 0) return { refund: null };
  if (!input.method) return { error: 'Укажите, вернули ли деньги покупателю' };
  const note = input.note?.trim();
  if (input.method !== 'manual') return { refund: { method: input.method, ...(note ? { note } : {}) } };
  const amount = roubles(input.amount ?? '', left);
  if ('error' in amount) return amount;
  return { refund: { method: 'manual', amount: amount.kopecks, ...(note ? { note } : {}) } };
}

/** Rubles typed into a sum field: whole kopecks above zero, at most `max`. */
function roubles(text: string, max: number): { kopecks: number } | { error: string } {
  const kopecks = parseMoney(text);
  if (kopecks === null || Number.isNaN(kopecks) || kopecks <= 0)
    return { error: 'Укажите сумму возврата в рублях, например 1 250,50' };
  if (kopecks > max) return { error: `Вернуть можно не больше ${formatRubles(max)}` };
  return { kopecks };
}

/** The date and sum an invoice payment is marked with; today's date (Moscow) and the total to start with. */
export interface ReceivedInput {
  paidOn?: string;
  amount?: string;
}

export function receivedPayment(
  view: OrderView,
  input: ReceivedInput,
): { payment: { paidOn: string; amount: number } | null } | { error: string } {
  if (view.payment.kind !== 'invoice') return { payment: null };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.paidOn ?? '')) return { error: 'Укажите дату поступления денег' };
  const amount = parseMoney(input.amount ?? '');
  if (amount === null || Number.isNaN(amount) || amount <= 0)
    return { error: 'Укажите полученную сумму в рублях' };
  if (amount !== view.totals.total)
    return {
      error: `Сумма заказа — ${formatRubles(view.totals.total)}: отметьте оплату, когда придёт вся сумма`,
    };
  return { payment: { paidOn: input.paidOn!, amount } };
}

/** Today in Moscow as YYYY-MM-DD, for the date field. */
export const moscowToday = (now = new Date()) =>
  new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/** The refund dialog's state: pieces per line (by order line id), restock, the way, or a sum by hand. */
export interface RefundInput {
  method: 'provider' | 'manual';
  pieces: Record<number, number>;
  restock: boolean;
  /** Rubles as typed: a sum returned by hand without choosing lines. */
  amount?: string;
  note?: string;
}

/** How many pieces of each line may still go back. */
export const piecesLeft = (line: OrderView['lines'][number]) => line.quantity - line.refundedQuantity;

/** What the chosen pieces cost: the sum the server will give back for them. */
export function chosenSum(view: OrderView, pieces: Record<number, number>): number {
  return view.lines.reduce((sum, l) => {
    const count = Math.min(pieces[l.id] ?? 0, piecesLeft(l));
    const payable = l.payable ?? l.total - l.discountShare - l.bonusShare;
    return count > 0 ? sum + piecesSum(payable, l.quantity, l.refundedQuantity, count) : sum;
  }, 0);
}

/** The body of POST /api/admin/orders/:id/refunds, or why the dialog cannot send it. */
export function refundRequest(
  view: OrderView,
  input: RefundInput,
): { body: AdminOrderRefundRequest } | { error: string } {
  const note = input.note?.trim();
  const lines = view.lines
    .map((l) => ({ orderItemId: l.id, quantity: Math.min(input.pieces[l.id] ?? 0, piecesLeft(l)) }))
    .filter((l) => l.quantity > 0);
  const common = { method: input.method, ...(note ? { note } : {}) };
  if (lines.length) {
    const sum = chosenSum(view, input.pieces);
    if (sum > view.money.refundable)
      return { error: `Вернуть можно не больше ${formatRubles(view.money.refundable)}` };
    return { body: { ...common, lines, restock: input.restock } };
  }
  if (input.method === 'provider') return { error: 'Выберите позиции, которые возвращаете' };
  if (!input.amount?.trim()) return { error: 'Выберите позиции или укажите сумму, которую вы вернули' };
  const amount = roubles(input.amount, view.money.refundable);
  if ('error' in amount) return amount;
  return { body: { ...common, amount: amount.kopecks } };
}
