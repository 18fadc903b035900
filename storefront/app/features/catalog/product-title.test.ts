import { describe, expect, it } from 'vitest';
import { splitTitle } from './product-title';

describe('splitTitle', () => {
  it('keeps what tells a product from its siblings apart from the name', () => {
    expect(splitTitle('Цветные ресницы Velora Rainbow, бордовые')).toEqual({
      name: 'Цветные ресницы Velora Rainbow',
      detail: 'бордовые',
    });
    expect(splitTitle('Ресницы Nordlash Cashmere, микс длин, чёрные')).toEqual({
      name: 'Ресницы Nordlash Cashmere',
      detail: 'микс длин, чёрные',
    });
  });

  it('does not split the trade notation of decimals', () => {
    expect(splitTitle('Клей Silkara Ultra Hold, сцепка 0,5–1 сек')).toEqual({
      name: 'Клей Silkara Ultra Hold',
      detail: 'сцепка 0,5–1 сек',
    });
    expect(splitTitle('Ресницы D 0,07 11 мм')).toEqual({ name: 'Ресницы D 0,07 11 мм', detail: null });
  });

  it('leaves a title without a detail whole', () => {
    expect(splitTitle('Пинцет для объёма Velora Diamond Grip')).toEqual({
      name: 'Пинцет для объёма Velora Diamond Grip',
      detail: null,
    });
    expect(splitTitle('Набор, ')).toEqual({ name: 'Набор', detail: null });
  });
});
