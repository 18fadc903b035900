import { data } from 'react-router';

// Catch-all: any address no other route matches answers HTTP 404, and the root error boundary
// renders the spec's 404 page. The statusText keeps the boundary from reading it as a server error.
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}
