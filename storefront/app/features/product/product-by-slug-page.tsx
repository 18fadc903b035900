import { GUEST_PAGE } from '../../lib/guest-page';

// A route without a component would be a resource route (a bare 404 with no page): keep this one.
export default function ProductBySlug() {
  return null;
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
