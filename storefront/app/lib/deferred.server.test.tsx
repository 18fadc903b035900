// @vitest-environment node
// lib/deferred on the server: the part's own HTML inside its Suspense boundary, never a fallback to be filled
// in by a script at the end of the page (which moves the page on a phone's connection). The browser's side:
// deferred.test.tsx.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferred, deferredPartsReady } from './deferred';

const Label = ({ text }: { text: string }) => <b>{text}</b>;
/** A module that takes a while to load, as over a disk or a network. */
const slowly = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 10));

describe('deferred, on the server', () => {
  it('renders the part itself in its boundary once deferredPartsReady() resolved', async () => {
    const Part = deferred(() => Promise.resolve(Label));
    await deferredPartsReady();
    expect(renderToString(<Part text="Каталог" />)).toBe('<!--$--><b>Каталог</b><!--/$-->');
  });

  it('waits for the parts that a part declares as its module loads', async () => {
    const Outer = deferred(async () => {
      await slowly('the module arrives, then runs');
      const Inner = deferred(() => slowly(Label));
      return () => <Inner text="Меню" />;
    });
    await deferredPartsReady();
    expect(renderToString(<Outer />)).toBe('<!--$--><!--$--><b>Меню</b><!--/$--><!--/$-->');
  });
});
