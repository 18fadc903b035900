// Hand-written admin screens of this area at their spec paths under /nuxt, mounted by App.tsx inside
// react-admin's <CustomRoutes> (each a <Route> with a key). /nuxt/settings, /nuxt/bonuses and the review
// lists are their resources' list screens (x-components in the schemas), so they need no route here.
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { Dashboard } from '../../Dashboard';
import { CreateCoupons } from './coupons/CreateCoupons';
import { FormsList } from './forms/FormsList';
import { RoleGate } from './RoleGate';

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
    key="forms-list"
    path="/forms-list"
    element={
      <RoleGate resource="feedback" action="list">
        <FormsList />
      </RoleGate>
    }
  />,
];
