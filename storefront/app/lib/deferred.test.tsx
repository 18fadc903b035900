// lib/deferred: a part rendered on the server whose code arrives after the page hydrated. What must hold: the
// server's HTML stays on screen (the same DOM nodes, never the empty fallback) until the code comes, a re-render
// above with the same props does not throw it away, and the part works once its code is there.
import { act, useState, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred } from './deferred';

// React's act() outside @testing-library (which sets this itself): hydrateRoot is driven by hand here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label}: {count}
    </button>
  );
}

/** A loader the test resolves when it wants the part's code to "arrive". */
function controlledLoader() {
  let arrive!: () => void;
  const code = new Promise<ComponentType<{ label: string }>>((resolve) => {
    arrive = () => resolve(Counter);
  });
  return { load: () => code, arrive: () => act(async () => arrive()) };
}

/** The page around the part: its own state changes re-render it, the part's props stay the same. */
function page(Part: ComponentType<{ label: string }>) {
  let bump!: () => void;
  function Page() {
    const [renders, setRenders] = useState(0);
    bump = () => setRenders((n) => n + 1);
    return (
      <main>
        <p>renders: {renders}</p>
        <Part label="В корзине" />
      </main>
    );
  }
  return { Page, bump: () => act(async () => bump()) };
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The server's HTML of the page with the part's code at hand, then hydration in the browser without it. */
async function serveAndHydrate() {
  const server = page(deferred(() => Promise.resolve(Counter)));
  // renderToString cannot wait for lazy code: render once to start it, then again once it is loaded.
  renderToString(<server.Page />);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const html = renderToString(<server.Page />);
  expect(html).toContain('В корзине');

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const serverButton = container.querySelector('button')!;

  const loader = controlledLoader();
  const client = page(deferred(loader.load));
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <client.Page />, { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, serverButton, loader, client, errors };
}

describe('deferred', () => {
  it("keeps the server's HTML while its code loads, then hydrates the same nodes", async () => {
    const { container, serverButton, loader, errors } = await serveAndHydrate();
    expect(container.querySelector('button')).toBe(serverButton);
    expect(serverButton.textContent).toBe('В корзине: 0');

    await loader.arrive();
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('В корзине: 1');
    expect(errors).toEqual([]);
  });

  it('is not thrown away when the page above re-renders before the code arrives', async () => {
    const { container, serverButton, loader, client, errors } = await serveAndHydrate();
    await client.bump();
    expect(container.querySelector('p')?.textContent).toBe('renders: 1');
    // Without memo the boundary would get the update, give up hydrating and show its empty fallback.
    expect(container.querySelector('button')).toBe(serverButton);

    await loader.arrive();
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('В корзине: 1');
    expect(errors).toEqual([]);
  });
});
