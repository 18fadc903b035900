// Hand-written admin screens of this area at their spec paths under /nuxt, mounted by App.tsx inside
// react-admin's <CustomRoutes> (each a <Route> with a key): the desktop, the coupon series and «Новый заказ»
// (for the roles that may edit orders). /nuxt/bonuses is its resource's list screen (x-components in the
// schemas), so it needs no route here. The print page of chosen orders is outside the layout (a sheet of
// paper): App.tsx mounts salesPrintRoutes in a <CustomRoutes noLayout>.
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { Dashboard } from './desktop/Dashboard';
import { CreateCoupons } from './coupons/CreateCoupons';
import { PlaceOrder } from './orders/PlaceOrder';
import { PrintOrders } from './orders/PrintOrders';
import { RoleGate } from '../../RoleGate';

export const salesRoutes: ReactElement[] = [
  <Route key="desktop" path="/desktop" element={<Dashboard />} />,
  <Route
    key="create-coupons"
    path="/create-coupons"
    element={
      <RoleGate resource="coupons" action="create">
        <CreateCoupons />
      </RoleGate>
    }
  />,
  <Route
    key="place-order"
    path="/place-order"
    element={
      <RoleGate resource="orders" action="service">
        <PlaceOrder />
      </RoleGate>
    }
  />,
];

/** Without the admin's layout; PrintOrders checks the session and the role itself. */
export const salesPrintRoutes: ReactElement[] = [
  <Route key="print-orders" path="/print-orders" element={<PrintOrders />} />,
];
