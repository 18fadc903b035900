import type { OrderActionResult, OrderPageData } from './orders';
import { OrderActions, PaymentReturn } from './OrderActions';
import { OrderDetails } from './OrderDetails';

/**
 * The order page's body, one for the account's /profile/orders/{number} and a guest's /orders/{number}?key=…:
 * the word from the payment page when the customer comes back from it, the order with what can be done
 * with it, its history.
 */
export function OrderPage({ data, result }: { data: OrderPageData; result: OrderActionResult | undefined }) {
  const { order, products, access, paymentReturn } = data;
  return (
    <>
      {paymentReturn && (
        <PaymentReturn outcome={paymentReturn} order={order} access={access} result={result} />
      )}
      <OrderDetails
        order={order}
        products={products}
        actions={<OrderActions order={order} access={access} result={result} paymentReturn={paymentReturn} />}
      />
    </>
  );
}
