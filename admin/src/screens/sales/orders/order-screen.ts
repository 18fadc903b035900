// The order screen's pure parts (OrderScreen.tsx): the colours of the status chips, Moscow dates, the address as
// lines, the bodies of the action and lines requests with the checks the dialogs make before sending, and the
// draft of an order's lines while they are edited (a quantity changed, a line removed, an offer added by article).
import type { AdminOrderActionRequest, AdminOrderLinesRequest, AdminOrderView } from '@shop/schemas';
import { cancelRefund, receivedPayment, type CancelMoneyInput, type ReceivedInput } from './money-requests';
import { moscowDateTime } from '../../../fields/dates';
import type { FoundOffer } from './place-order';

export type OrderView = AdminOrderView;
export type OrderAction = OrderView['allowedActions'][number]['action'];
type ChipColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

export const STATUS_COLORS: Record<OrderView['status'], ChipColor> = {
  new: 'info',
  confirmed: 'primary',
  paid: 'success',
  shipped: 'secondary',
  completed: 'success',
  canceled: 'error',
};

export const PAYMENT_COLORS: Record<OrderView['paymentStatus'], ChipColor> = {
  unpaid: 'default',
  pending: 'warning',
  paid: 'success',
  refunded: 'info',
  failed: 'error',
};

const MOSCOW = new Intl.DateTimeFormat('ru-RU', moscowDateTime);

/** "25.11.2026, 14:07" in Moscow time. */
export const moscowTime = (iso: string) => MOSCOW.format(new Date(iso));

/**
 * The delivery address as it is read aloud to a courier: postal code and city, street, pickup point (its code,
 * when it was typed by hand; a point chosen from the carrier's list is shown with its own address and hours).
 */
export function addressLines(d: OrderView['delivery']): string[] {
  const cityLine = [d.postalCode, d.city].filter(Boolean).join(', ');
  return [
    cityLine,
    d.address ?? '',
    d.pickupPoint && !d.point ? `Пункт выдачи: ${d.pickupPoint}` : '',
    d.kind === 'self_pickup' && d.pickupAddress ? `Самовывоз: ${d.pickupAddress}` : '',
  ].filter(Boolean);
}

/** The provider's notifications that came after the order was canceled: money to watch until it is back. */
export const lateNotifications = (view: OrderView) => view.notifications.filter((n) => n.outcome === 'late');

/**
 * What the action dialogs ask for: a track number to ship, a reason to cancel and what happens to the money
 * the order holds, the date and sum of an invoice payment, a note otherwise.
 */
export interface ActionInput {
  comment?: string;
  trackNumber?: string;
  money?: CancelMoneyInput;
  received?: ReceivedInput;
}

export type ActionRequest = AdminOrderActionRequest;

/**
 * The body of POST /api/admin/orders/:id/actions, or the Russian reason the dialog cannot send yet (the server
 * checks the same: a shipment's track number where the delivery needs one, the reason of a cancel and what
 * happens to the money of a paid order, the date and sum of an invoice payment). `view`: the order, for the
 * money questions (without it none are asked).
 */
export function actionRequest(
  action: OrderAction,
  input: ActionInput,
  needsTrackNumber: boolean,
  view?: OrderView,
): { body: ActionRequest } | { error: string } {
  const comment = input.comment?.trim() ?? '';
  const trackNumber = input.trackNumber?.trim() ?? '';
  if (action === 'ship' && needsTrackNumber && !trackNumber)
    return { error: 'Укажите трек-номер отправления' };
  if (action === 'cancel' && !comment) return { error: 'Укажите причину отмены: её увидит покупатель' };
  const money = action === 'cancel' && view ? cancelRefund(view, input.money ?? {}) : { refund: null };
  if ('error' in money) return money;
  const received =
    action === 'markPaid' && view ? receivedPayment(view, input.received ?? {}) : { payment: null };
  if ('error' in received) return received;
  return {
    body: {
      action,
      ...(comment ? { comment } : {}),
      ...(action === 'ship' && trackNumber ? { trackNumber } : {}),
      ...(money.refund ? { refund: money.refund } : {}),
      ...(received.payment ? { payment: received.payment } : {}),
    },
  };
}

/** A line of the order while its lines are edited. */
export interface DraftLine {
  offerId: number;
  quantity: number;
  title: string;
  article: string | null;
  image: string | null;
  /** The price of one as the order had it, or the catalogue's for a line being added (the server prices again). */
  price: number;
  /** Added in this edit: not in the order yet. */
  added: boolean;
}

export const MAX_QUANTITY = 9999;

const clampQuantity = (q: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.round(q)));

/** The order's lines as a draft; lines without a catalogue offer cannot be edited (canEditLines is false then). */
export function draftOf(lines: OrderView['lines']): DraftLine[] {
  return lines
    .filter((l): l is typeof l & { offerId: number } => l.offerId !== null)
    .map((l) => ({
      offerId: l.offerId,
      quantity: l.quantity,
      title: l.title,
      article: l.article,
      image: l.image,
      price: l.price,
      added: false,
    }));
}

export function setQuantity(draft: DraftLine[], offerId: number, quantity: number): DraftLine[] {
  if (!Number.isFinite(quantity)) return draft;
  return draft.map((l) => (l.offerId === offerId ? { ...l, quantity: clampQuantity(quantity) } : l));
}

export const removeLine = (draft: DraftLine[], offerId: number) => draft.filter((l) => l.offerId !== offerId);

/** Adds the found offer; an offer already in the order gets the quantity on top of its own. */
export function addOffer(draft: DraftLine[], offer: FoundOffer, quantity: number): DraftLine[] {
  const q = clampQuantity(quantity);
  if (draft.some((l) => l.offerId === offer.offerId))
    return draft.map((l) =>
      l.offerId === offer.offerId ? { ...l, quantity: clampQuantity(l.quantity + q) } : l,
    );
  return [
    ...draft,
    {
      offerId: offer.offerId,
      quantity: q,
      title: offer.title,
      article: offer.article,
      image: null,
      price: offer.price,
      added: true,
    },
  ];
}

/** Whether the draft differs from the order's lines (their offers and quantities, in order). */
export function draftChanged(lines: OrderView['lines'], draft: DraftLine[]): boolean {
  const key = (ls: { offerId: number | null; quantity: number }[]) =>
    ls.map((l) => `${l.offerId}:${l.quantity}`).join();
  return key(lines) !== key(draft);
}

/** The body of PUT /api/admin/orders/:id/lines, with the note for the history when one is written. */
export function linesRequest(draft: DraftLine[], comment = ''): AdminOrderLinesRequest {
  const note = comment.trim();
  return {
    // At least one: the editor keeps the last line (the server refuses an empty order in Russian anyway).
    lines: draft.map((l) => ({
      offerId: l.offerId,
      quantity: l.quantity,
    })) as AdminOrderLinesRequest['lines'],
    ...(note ? { comment: note } : {}),
  };
}
