import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { GroupedMenu } from './Menu';

export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout menu={GroupedMenu}>{children}</Layout>;
}
