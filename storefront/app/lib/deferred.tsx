import { Suspense, lazy, memo, type ComponentType } from 'react';

/** The server's imports of every deferred part, started when the module that declares the part loads. */
const serverLoads: Promise<unknown>[] = [];

/**
 * Resolves once the server holds the code of every deferred part declared so far (entry.server.tsx waits for
 * it before rendering): a part whose code were still on its way would be streamed after the page, its HTML
 * put in place by a script at the end of the body, which moves the page under a phone's slow connection.
 */
export async function deferredPartsReady(): Promise<void> {
  // A part's module may declare parts of its own (the header's menus): they join the list as it loads.
  for (let known = -1; known !== serverLoads.length;) {
    known = serverLoads.length;
    await Promise.all(serverLoads);
  }
}

/**
 * A part of the page rendered on the server like the rest, whose code stays out of the page's first download
 * (issue 28): in the browser it is a `lazy()` component in its own `Suspense`, so React keeps the server's HTML
 * (a dehydrated boundary), fetches the code while the page hydrates and hydrates the part when it arrives.
 * Made with `import()` only, so React Router's `<Scripts/>` does not modulepreload it. The server renders the
 * component itself, in the same `Suspense` (deferredPartsReady).
 *
 * Memoised: a parent's re-render with the same props does not reach the boundary. A boundary that receives
 * an update (new props, or a context above it changing outside a transition) before its code arrives is
 * thrown away and drawn again from the fallback, which moves the page. So give it props that stay the same
 * while the page loads (loader data, state setters, `useCallback`s); React Router's own updates are
 * transitions, which wait for the part instead.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // The browser's part is lazy(); the server's renders the loaded component (no React.lazy there: its first
  // render would suspend, and the part be streamed).
  const Part = import.meta.env.SSR
    ? loadedOnServer(load)
    : lazy(() => load().then((component) => ({ default: component })));
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return memo(Deferred);
}

/** The server's part: its import starts now; deferredPartsReady() waits for it. */
function loadedOnServer<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  serverLoads.push(load().then((component) => (Loaded = component)));
  return function ServerPart(props: P) {
    if (!Loaded) throw new Error('A deferred part rendered on the server before deferredPartsReady()');
    return <Loaded {...props} />;
  };
}
