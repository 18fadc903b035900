// «Мои товары»: what the page's form sends. Each row carries its variant's id (`row`), a tick (`offer`) and
// a quantity (`qty-<id>`); «В корзину» takes the ticked rows, «Всё в корзину» every row on sale.

export const MY_PRODUCTS_PATH = '/profile/products';
export const MY_PRODUCTS_PER_PAGE = 50;
export const MY_PRODUCTS_INTENTS = ['chosen', 'all'] as const;

export const quantityField = (offerId: number) => `qty-${offerId}`;

const ids = (values: FormDataEntryValue[]) =>
  values.flatMap((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? [Number(v)] : []));

/** The lines the form asks for: each id once, with its quantity (1–9999; anything else reads as 1). */
export function toCartLines(
  form: FormData,
  quantityOf: (offerId: number) => FormDataEntryValue | null,
): { offerId: number; quantity: number }[] {
  const chosen = form.get('intent') === 'all' ? ids(form.getAll('available')) : ids(form.getAll('offer'));
  return [...new Set(chosen)].map((offerId) => {
    const raw = quantityOf(offerId);
    const n = typeof raw === 'string' ? Number(raw.trim()) : NaN;
    return { offerId, quantity: Number.isInteger(n) && n >= 1 && n <= 9999 ? n : 1 };
  });
}
