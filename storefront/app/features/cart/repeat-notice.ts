// The cart page's notice after «Повторить заказ» or «Мои товары» (an order's page, or the list, puts the order's lines in the cart and
// leaves this notice in a cookie for the cart page): what went in, and by name what did not.
import type { OrderRepeated } from '@shop/schemas';
import { formatAttributes } from './cart';
import { GOODS, plural, quoted } from '../../lib/format';

/** The cart page's notice after «Повторить заказ»: the lines put in, and by name the ones left out. */
export interface RepeatNotice {
  /** The order repeated; null for the chosen variants of «Мои товары». */
  number: string | null;
  added: number;
  /** "«Ресницы Lash» (D 0,07 11 мм)": nothing of it could be put in the cart (the first few). */
  skipped: string[];
  /** How many were left out in all. */
  skippedCount: number;
  /** Put in with fewer pieces than ordered: the name and the pieces in stock (the first few). */
  limited: { name: string; available: number }[];
}

/** Names shown at most in the notice; it travels in a cookie, and a long list says nothing more. */
const NOTICE_NAMES = 5;
const NAME_LENGTH = 120;

function lineName(line: { title: string; attributes: Record<string, string | undefined> }): string {
  const variant = formatAttributes(line.attributes);
  return `${quoted(line.title)}${variant ? ` (${variant})` : ''}`.slice(0, NAME_LENGTH);
}

export function repeatNotice(number: string | null, answer: OrderRepeated): RepeatNotice {
  return {
    number,
    added: answer.added,
    skipped: answer.skipped.slice(0, NOTICE_NAMES).map(lineName),
    skippedCount: answer.skipped.length,
    limited: answer.limited
      .slice(0, NOTICE_NAMES)
      .map((l) => ({ name: lineName(l), available: l.available })),
  };
}

/** The notice's sentences: what went in, what is missing, what there is less of. */
export function repeatNoticeText(notice: RepeatNotice): { text: string; problems: string[] } {
  const from = notice.number === null ? 'из ваших покупок' : `из заказа № ${notice.number}`;
  const text =
    notice.added > 0
      ? `В корзину добавлено ${notice.added} ${plural(notice.added, GOODS)} ${from}.`
      : notice.number === null
        ? 'Этих товаров сейчас нет в продаже.'
        : `Товаров из заказа № ${notice.number} сейчас нет в продаже.`;
  const problems: string[] = [];
  if (notice.skippedCount) {
    const more = notice.skippedCount - notice.skipped.length;
    problems.push(`Нет в наличии: ${notice.skipped.join(', ')}${more > 0 ? ` и ещё ${more}` : ''}.`);
  }
  for (const l of notice.limited) problems.push(`${l.name}: в наличии только ${l.available} шт.`);
  return { text, problems };
}

/**
 * «Удалено из корзины: «…».»: the verb first and neuter, so that it agrees with any title («Ресницы …
 * чёрные», «Клей», «Патчи»), where ««…» удалён» reads wrong for most of them.
 */
// Not in cart.ts: that module is on every product page's first download, this sentence only on the cart's.
export const removedText = (title: string | null) =>
  title ? `Удалено из корзины: ${quoted(title)}.` : 'Товар удалён из корзины.';
