// A route without a component would be a resource route (a bare 404 with no page): keep this one.
export default function NotFoundRoute() {
  return null;
}
