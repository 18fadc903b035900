// Hand-written admin screens of the feeds, mounted by App.tsx inside react-admin's <CustomRoutes>: the YML
// feed's state, for whoever may list the products.
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { RoleGate } from '../../RoleGate';
import { YmlFeedScreen } from './YmlFeedScreen';

export const feedsRoutes: ReactElement[] = [
  <Route
    key="yml-feed"
    path="/yml-feed"
    element={
      <RoleGate resource="products" action="list">
        <YmlFeedScreen />
      </RoleGate>
    }
  />,
];
