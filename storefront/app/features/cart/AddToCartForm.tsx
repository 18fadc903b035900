import { useEffect, useRef, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { useHydrated } from '../../lib/hydrated';
import { addedMessage, CART_PATH, lineAnalytics, type CartActionResult } from './cart';
import { useToast } from '../../ui/Toast';

export interface AddToCartProps {
  offerId: number;
  /** Pieces to add; leave it out when a field of the page (form={formId}) sends the quantity. */
  quantity?: number;
  /** The product's title (the confirmation, the undo and analytics). */
  title: string;
  /** The unit price shown, kopecks (analytics). */
  price: number;
  variant?: string | null;
  /** The form's id, for fields and buttons elsewhere on the page that belong to it. */
  id?: string;
  className?: string;
  /** The submit button (and anything else inside the form). */
  children: (state: { busy: boolean }) => ReactNode;
}

/**
 * "В корзину": a form posting to /cart. With JavaScript it stays on the page (a fetcher), the header's badge
 * follows at once (the root loader runs again) and a toast says "Добавлено в корзину: <product>, <variant>"
 * with a link to the cart,
 * or the server's Russian refusal (not enough in stock…). Without JavaScript the post opens the cart page,
 * which says the same.
 */
export function AddToCartForm({
  offerId,
  quantity,
  title,
  price,
  variant,
  id,
  className,
  children,
}: AddToCartProps) {
  const fetcher = useFetcher<CartActionResult>();
  const hydrated = useHydrated();
  const toast = useToast();
  const seen = useRef<CartActionResult | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || seen.current === result || fetcher.state !== 'idle') return;
    seen.current = result;
    if (result.ok) {
      // It names the product and the variant: on a phone the chooser may be off the screen.
      const line = result.cart?.items.find((l) => l.offerId === offerId);
      toast.show(addedMessage(line, { title, variant }), {
        kind: 'success',
        duration: 5000,
        link: { label: 'Перейти в корзину', to: CART_PATH },
      });
      const product = line ? lineAnalytics(line) : { id: offerId, title, price, variant };
      // Metrika's data layer, after the answer: its code need not come with every product page (issue 28).
      void import('../../lib/analytics').then(({ trackAdd }) =>
        trackAdd({ ...product, quantity: result.quantity ?? 1 }),
      );
    } else {
      toast.show(result.message ?? 'Не удалось добавить в корзину', { kind: 'error', duration: 6000 });
    }
  }, [fetcher.data, fetcher.state, toast, offerId, title, price, variant]);

  return (
    <fetcher.Form
      method="post"
      action={CART_PATH}
      id={id}
      className={className ? `add-to-cart ${className}` : 'add-to-cart'}
      data-hydrated={hydrated || undefined}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="offerId" value={offerId} />
      <input type="hidden" name="title" value={title} />
      <input type="hidden" name="price" value={price} />
      {quantity !== undefined && <input type="hidden" name="quantity" value={quantity} />}
      {children({ busy: fetcher.state !== 'idle' })}
    </fetcher.Form>
  );
}
