import { Outlet } from 'react-router';
import { SiteShell } from '../features/shell';

/** Spec layout `pages` (the public pages): header, footer and content held to the 1384 px column. */
export default function PagesLayout() {
  return (
    <SiteShell>
      <div className="container">
        <Outlet />
      </div>
    </SiteShell>
  );
}
