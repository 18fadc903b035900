// Hand-written admin screens of this area at their spec paths under /nuxt, mounted by App.tsx inside
// react-admin's <CustomRoutes> (each a <Route> with a key): the site forms at /nuxt/forms-list. The feedback
// list and the review lists are their resources' list screens (x-components in the schemas), so they need
// no route here.
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { RoleGate } from '../../RoleGate';
import { FormsList } from './feedback/FormsList';

export const formsRoutes: ReactElement[] = [
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
