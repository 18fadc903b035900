import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { GroupedMenu } from './Menu';

// react-admin's layout is as wide as its widest content (min-width: fit-content) and its columns are flex
// items: so a wide table (a product's offers) would widen the whole page. Held to the window, such a table
// scrolls sideways inside its own container.
const contentFits = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
};

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={GroupedMenu} sx={contentFits}>
      {children}
    </Layout>
  );
}
