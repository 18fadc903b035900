// Hand-written admin screens of this area at their spec paths under /nuxt, mounted by App.tsx inside
// react-admin's <CustomRoutes> (each a <Route> with a key): the desktop, the coupon series and «Новый заказ»
// (for the roles that may edit orders). /nuxt/bonuses is its resource's list screen (x-components in the
// schemas), so it needs no route here.
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { Dashboard } from './desktop/Dashboard';
import { CreateCoupons } from './coupons/CreateCoupons';
import { PlaceOrder } from './orders/PlaceOrder';
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
