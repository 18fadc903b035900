import { Outlet } from 'react-router';
import { SiteShell } from '../features/shell';

/** Spec layout `default` (the home page): the page lays out its own full-width sections. */
export default function DefaultLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
