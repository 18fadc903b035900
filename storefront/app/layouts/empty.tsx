import { Outlet } from 'react-router';

/** Spec layout `empty`: no header and no footer, for bare pages. */
export default function EmptyLayout() {
  return (
    <main id="content" className="site-main">
      <Outlet />
    </main>
  );
}
