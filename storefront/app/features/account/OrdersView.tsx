import type { ListEnvelope } from '@shop/client';
import type { ProfileOrder } from '@shop/schemas';
import { Pagination } from '../../ui/Pagination';
import { EmptyOrders, OrderList } from './OrderList';
import { OrderTabs } from './OrderTabs';
import { ProfilePage } from './ProfilePage';
import { ORDER_TABS, type OrderListKind } from './order-lists';

interface OrdersViewProps {
  kind: OrderListKind;
  page: number;
  orders: ListEnvelope<ProfileOrder>;
}

/** /profile/orders, /completed and /canceled: the tabs, a page of the list, or its empty state. */
export function OrdersView({ kind, page, orders }: OrdersViewProps) {
  const tab = ORDER_TABS.find((t) => t.kind === kind)!;
  return (
    <ProfilePage title="Мои заказы">
      <OrderTabs />
      {orders.data.length === 0 ? (
        <EmptyOrders text={tab.empty} />
      ) : (
        <>
          <OrderList orders={orders.data} />
          <Pagination
            page={page}
            total={orders.meta.total}
            perPage={orders.meta.perPage}
            path={tab.path}
            label="Страницы списка заказов"
          />
        </>
      )}
    </ProfilePage>
  );
}
