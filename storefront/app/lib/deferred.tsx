import { Suspense, lazy, memo, type ComponentType } from 'react';

/**
 * A part of the page rendered on the server like the rest, whose code stays out of the page's first download
 * (issue 28): in the browser it is a `lazy()` component in its own `Suspense`, so React keeps the server's HTML
 * (a dehydrated boundary), fetches the code while the page hydrates and hydrates the part when it arrives.
 * Made with `import()` only, so React Router's `<Scripts/>` does not modulepreload it.
 *
 * Memoised: a parent's re-render with the same props does not reach the boundary. A boundary that receives
 * an update (new props, or a context above it changing outside a transition) before its code arrives is
 * thrown away and drawn again from the fallback, which moves the page. So give it props that stay the same
 * while the page loads (loader data, state setters, `useCallback`s); React Router's own updates are
 * transitions, which wait for the part instead.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return memo(Deferred);
}
