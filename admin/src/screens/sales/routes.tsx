// Hand-written admin screens of this area at their spec paths under /nuxt, mounted by App.tsx inside
// react-admin's <CustomRoutes> (each a <Route> with a key).
import type { ReactElement } from 'react';

export const salesRoutes: ReactElement[] = [];
