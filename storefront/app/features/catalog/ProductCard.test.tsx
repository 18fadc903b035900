import type { SearchProduct } from '@shop/schemas';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductCard } from './ProductCard';

const product: SearchProduct = {
  id: 1,
  title: 'Ресницы чёрные микс D 0,07 8–14 мм',
  slug: 'resnicy-chernye-miks',
  url: '/catalog/resnicy/product/resnicy-chernye-miks',
  announceImageUrl: '/uploads/resnicy.webp',
  benefitPercent: 0,
  diffPrice: 0,
  basePrice: 129000,
  salePrice: 129000,
  inStock: true,
  isNew: false,
  isHit: false,
  offersCount: 1,
  offerId: 11,
};

function renderCard(overrides: Partial<SearchProduct> = {}) {
  // A data router: "В корзину" is a fetcher form.
  const Stub = createRoutesStub([
    { path: '/', Component: () => <ProductCard product={{ ...product, ...overrides }} /> },
  ]);
  return render(<Stub />);
}

// Compare prices with ordinary spaces: the no-break ones are formatMoney's own business (format.test.ts).
const text = (element: Element) => element.textContent.replace(/[\u00a0\u202f]/g, ' ');

afterEach(cleanup);

describe('ProductCard', () => {
  it('shows a square image titled with the product, the title as a link and the price', () => {
    renderCard();
    const image = screen.getByAltText(product.title);
    expect(image.getAttribute('width')).toBe(image.getAttribute('height'));
    expect(screen.getByRole('link', { name: product.title }).getAttribute('href')).toBe(product.url);
    expect(text(screen.getByRole('article'))).toContain('1 290 ₽');
  });

  it('shows the old price struck through and a discount badge when on sale', () => {
    renderCard({ benefitPercent: 15, basePrice: 129000, salePrice: 109700, diffPrice: 19300 });
    const card = screen.getByRole('article');
    const oldPrice = card.querySelector('s');
    expect(oldPrice && text(oldPrice)).toContain('1 290 ₽');
    expect(text(card)).toContain('1 097 ₽');
    // getByText reads the no-break space before % as an ordinary one.
    expect(within(card).getByText('\u221215 %')).toBeTruthy();
  });

  it('strikes the base price through for a discount under half a percent, without a badge', () => {
    renderCard({ benefitPercent: 0, basePrice: 129000, salePrice: 128900, diffPrice: 100 });
    const card = screen.getByRole('article');
    expect(card.querySelector('s') && text(card.querySelector('s')!)).toContain('1 290 ₽');
    expect(text(card)).not.toContain('%');
  });

  it('shows no old price and no discount badge at full price', () => {
    renderCard();
    const card = screen.getByRole('article');
    expect(card.querySelector('s')).toBeNull();
    expect(text(card)).not.toContain('%');
  });

  it('labels new arrivals and best sellers', () => {
    renderCard({ isNew: true, isHit: true });
    expect(screen.getByText('Новинка')).toBeTruthy();
    expect(screen.getByText('Хит')).toBeTruthy();
  });

  it('offers "В корзину" for a product with one offer: a form adding that offer to /cart', async () => {
    renderCard({ offersCount: 1 });
    // The offer it adds (SearchProduct.offerId) rides on the button and in the form.
    const button = await screen.findByRole('button', { name: `В корзину: ${product.title}` });
    expect(button.dataset.offerId).toBe('11');
    const form = button.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/cart');
    expect(Object.fromEntries(new FormData(form))).toMatchObject({
      intent: 'add',
      offerId: '11',
      quantity: '1',
    });
    expect(screen.queryByText('Выбрать')).toBeNull();
  });

  it('sends a single-offer product without an offer id to its page', async () => {
    renderCard({ offersCount: 1, offerId: null });
    expect((await screen.findByRole('link', { name: 'Выбрать' })).getAttribute('href')).toBe(product.url);
  });

  it('offers "Выбрать", leading to the product page, for a product with variants', () => {
    renderCard({ offersCount: 12 });
    expect(screen.getByRole('link', { name: 'Выбрать' }).getAttribute('href')).toBe(product.url);
    expect(screen.queryByText('В корзину')).toBeNull();
  });

  it('says "Нет в наличии" on a disabled button when the only offer is sold out', () => {
    renderCard({ offersCount: 1, inStock: false });
    const button = screen.getByRole('button', { name: 'Нет в наличии' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});
