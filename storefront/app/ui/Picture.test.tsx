import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { responsiveSrcSet, variantWidths } from '../lib/images';
import { Picture } from './Picture';

afterEach(cleanup);

describe('Picture', () => {
  it('covers 1x and 2x screens with the spec breakpoints', () => {
    expect(variantWidths(300)).toEqual([320, 640]);
    expect(variantWidths(400)).toEqual([320, 640, 768, 1024]);
    expect(variantWidths(64)).toEqual([320]);
    expect(variantWidths(1000)).toEqual([320, 640, 768, 1024, 1280, 1536]);
    expect(responsiveSrcSet('/uploads/demo/a.webp', 300)).toBe(
      '/img/320/demo/a.webp 320w, /img/640/demo/a.webp 640w',
    );
  });

  it('renders a WebP source with srcset and sizes, and an img with its size and alt', () => {
    const { container } = render(
      <Picture src="/uploads/demo/a.webp" alt="Клей Miralash" width={400} height={400} sizes="50vw" />,
    );
    const source = container.querySelector('source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('sizes')).toBe('50vw');
    expect(source.getAttribute('srcset')).toContain('/img/1024/demo/a.webp 1024w');
    const img = container.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Клей Miralash');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '400']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('src')).toBe('/img/640/demo/a.webp');
  });

  it('loads the main image at once, and leaves other addresses as they are', () => {
    const { container } = render(
      <Picture src="https://cdn.example/a.png" alt="" width={10} height={10} sizes="10px" priority />,
    );
    expect(container.querySelector('source')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example/a.png');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
