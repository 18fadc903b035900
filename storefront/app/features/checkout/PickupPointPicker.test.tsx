// The pickup-point picker: a list of radios that posts without JavaScript, filtered as people type, and a
// Yandex map (window.ymaps stubbed with fakes that record their calls) that mirrors it.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickupPoint } from './delivery-types';
import { MAP_FAILED_NOTE } from './PickupMap';
import { PickupPointPicker, type PickupPointPickerProps } from './PickupPointPicker';

const point = (code: string, extra: Partial<PickupPoint> = {}): PickupPoint => ({
  code,
  name: `Пункт ${code}`,
  address: `ул. Тверская, ${code}`,
  city: 'Москва',
  postalCode: '125009',
  latitude: 55.76,
  longitude: 37.61,
  workTime: 'Пн-Вс 10:00-21:00',
  type: 'PVZ',
  paymentOnDelivery: false,
  ...extra,
});

const MOSCOW_POINTS = [
  point('MSK1', {
    name: 'На Королёва',
    address: 'ул. Академика Королёва, 12',
    latitude: 55.82,
    longitude: 37.61,
  }),
  point('MSK2', { name: 'Тверская', address: 'ул. Тверская, 7', latitude: 55.76, longitude: 37.61 }),
  point('MSK77', {
    name: 'Постамат у метро',
    address: 'Ленинский проспект, 30',
    latitude: 55.7,
    longitude: 37.58,
    type: 'POSTAMAT',
    paymentOnDelivery: true,
  }),
];

// ---- A fake ymaps: each instance records what the picker asked of it ----

type Feature = { id: string; geometry: { coordinates: number[] }; properties: Record<string, string> };
type Collection = { type: string; features: Feature[] };

class FakeObjectManager {
  added: Collection[] = [];
  removeAll = vi.fn();
  clicks: ((event: { get(name: string): unknown }) => void)[] = [];
  setObjectOptions = vi.fn();
  objects = {
    events: {
      add: (_type: string, handler: FakeObjectManager['clicks'][number]) => this.clicks.push(handler),
    },
    options: { set: vi.fn() },
    setObjectOptions: this.setObjectOptions,
  };
  clusters = { options: { set: vi.fn() } };
  constructor(public options: object) {
    maps.managers.push(this);
  }
  add(collection: Collection) {
    this.added.push(collection);
  }
  getBounds() {
    return [
      [55.7, 37.58],
      [55.82, 37.61],
    ];
  }
  /** The map's user clicks the mark of a point. */
  click(code: string) {
    for (const handler of this.clicks) handler({ get: (name) => (name === 'objectId' ? code : undefined) });
  }
}

class FakeMap {
  geoObjects = { add: vi.fn() };
  setBounds = vi.fn(() => Promise.resolve());
  setCenter = vi.fn(() => Promise.resolve());
  destroy = vi.fn();
  getZoom = () => 12;
  constructor(
    public node: HTMLElement,
    public state: { center: number[]; zoom: number; controls: string[] },
  ) {
    maps.made.push(this);
  }
}

const maps = { made: [] as FakeMap[], managers: [] as FakeObjectManager[] };
let keyNumber = 0;
/** A key not used before: the loader shares one promise per key, and each test has its own ymaps. */
const freshKey = () => `test-key-${++keyNumber}`;

function stubMaps(ready: (done: () => void, fail?: (error: unknown) => void) => void = (done) => done()) {
  window.ymaps = { ready, Map: FakeMap, ObjectManager: FakeObjectManager };
}

function renderPicker(props: Partial<PickupPointPickerProps> = {}) {
  const onSelect = vi.fn();
  const all: PickupPointPickerProps = {
    points: MOSCOW_POINTS,
    selectedCode: null,
    onSelect,
    mapsApiKey: null,
    ...props,
  };
  const view = render(<PickupPointPicker {...all} />);
  return {
    ...view,
    onSelect,
    rerenderWith: (more: Partial<PickupPointPickerProps>) =>
      view.rerender(<PickupPointPicker {...all} {...more} />),
  };
}

async function mapReady() {
  await waitFor(() => expect(maps.managers.at(-1)?.added.length).toBeGreaterThan(0));
  return { map: maps.made.at(-1)!, manager: maps.managers.at(-1)! };
}

describe('PickupPointPicker: the list', () => {
  afterEach(cleanup);

  it('is radios named deliveryPickupPoint with the codes as values, the chosen one checked, in the server HTML', () => {
    const html = renderToString(
      <PickupPointPicker points={MOSCOW_POINTS} selectedCode="MSK2" onSelect={vi.fn()} mapsApiKey={null} />,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    const radios = Array.from(page.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
    expect(radios.map((radio) => [radio.name, radio.value, radio.checked])).toEqual([
      ['deliveryPickupPoint', 'MSK1', false],
      ['deliveryPickupPoint', 'MSK2', true],
      ['deliveryPickupPoint', 'MSK77', false],
    ]);

    renderPicker({ name: 'point' });
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).name)).toEqual([
      'point',
      'point',
      'point',
    ]);
  });

  it('shows the name, address, hours, the locker badge and payment on receipt; a choice calls onSelect', () => {
    const { onSelect } = renderPicker({ selectedCode: 'MSK1' });
    const locker = screen.getByRole('radio', { name: /Постамат у метро/ }).closest('label')!;
    expect(within(locker).getByText('Ленинский проспект, 30')).toBeTruthy();
    expect(within(locker).getByText('Пн-Вс 10:00-21:00')).toBeTruthy();
    expect(within(locker).getByText('Постамат')).toBeTruthy();
    expect(within(locker).getByText('Оплата при получении')).toBeTruthy();
    const plain = screen.getByRole('radio', { name: /Тверская/ }).closest('label')!;
    expect(within(plain).queryByText('Постамат')).toBeNull();
    expect(within(plain).queryByText('Оплата при получении')).toBeNull();

    expect(screen.getByRole<HTMLInputElement>('radio', { name: /На Королёва/ }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /На Королёва/ }).closest('label')!.className).toContain(
      'pickup-point--chosen',
    );
    fireEvent.click(screen.getByRole('radio', { name: /Тверская/ }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('MSK2');
  });

  it('filters by address, name or code, whatever the case and ё or е', () => {
    renderPicker();
    const search = screen.getByRole('searchbox', { name: 'Найти пункт выдачи' });
    const shown = () => screen.queryAllByRole('radio').map((radio) => (radio as HTMLInputElement).value);

    fireEvent.change(search, { target: { value: 'КОРОЛЕВА' } });
    expect(shown()).toEqual(['MSK1']);
    fireEvent.change(search, { target: { value: 'академика королёва 12' } });
    expect(shown()).toEqual(['MSK1']);
    fireEvent.change(search, { target: { value: 'ленинский' } });
    expect(shown()).toEqual(['MSK77']);
    fireEvent.change(search, { target: { value: 'msk2' } });
    expect(shown()).toEqual(['MSK2']);
    expect(screen.getByText('Нашли 1 из 3')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'Арбат' } });
    expect(shown()).toEqual([]);
    expect(screen.getByText(/Ничего не нашли/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать все' }));
    expect(shown()).toEqual(['MSK1', 'MSK2', 'MSK77']);
  });

  it('keeps the chosen point in the list whatever the search, so the form still sends it', () => {
    renderPicker({ selectedCode: 'MSK77' });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Тверская' } });
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'MSK2',
      'MSK77',
    ]);
  });

  it('does not send the checkout on Enter in the search', () => {
    renderPicker();
    expect(fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter' })).toBe(false);
  });

  it('says when the city has no points, and shows placeholders while they load', () => {
    const { rerenderWith } = renderPicker({ points: [], loading: true });
    expect(document.querySelectorAll('.pickup-point-skeleton')).toHaveLength(3);
    expect(screen.getByRole('radiogroup').getAttribute('aria-busy')).toBe('true');
    rerenderWith({ points: [], loading: false });
    expect(screen.getByText(/нет пунктов выдачи/)).toBeTruthy();
  });
});

describe('PickupPointPicker: the map', () => {
  beforeEach(() => {
    maps.made = [];
    maps.managers = [];
  });
  afterEach(() => {
    cleanup();
    delete window.ymaps;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('without a key shows the list only and loads no script', async () => {
    stubMaps();
    renderPicker({ mapsApiKey: null });
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Карта пунктов выдачи' })).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
    expect(maps.made).toHaveLength(0);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('puts every point on the map as a feature at [latitude, longitude], clustered, fitted to them', async () => {
    stubMaps();
    renderPicker({ mapsApiKey: freshKey() });
    const { map, manager } = await mapReady();

    expect(map.node).toBe(screen.getByRole('region', { name: 'Карта пунктов выдачи' }));
    expect(map.state.controls).toEqual(['zoomControl']);
    expect(manager.options).toEqual({ clusterize: true, gridSize: 64 });
    expect(map.geoObjects.add).toHaveBeenCalledWith(manager);
    const [collection] = manager.added;
    expect(collection!.type).toBe('FeatureCollection');
    expect(collection!.features.map((f) => [f.id, f.geometry.coordinates])).toEqual([
      ['MSK1', [55.82, 37.61]],
      ['MSK2', [55.76, 37.61]],
      ['MSK77', [55.7, 37.58]],
    ]);
    expect(collection!.features[2]!.properties.hintContent).toBe('Постамат у метро');
    expect(collection!.features[2]!.properties.balloonContent).toContain('Ленинский проспект, 30');
    expect(map.setBounds).toHaveBeenCalledWith(
      manager.getBounds(),
      expect.objectContaining({ checkZoomRange: true }),
    );
  });

  it('a click on a mark chooses its point, which turns red while the one before turns blue', async () => {
    stubMaps();
    const { onSelect, rerenderWith } = renderPicker({ mapsApiKey: freshKey() });
    const { map, manager } = await mapReady();

    manager.click('MSK77');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('MSK77');
    rerenderWith({ selectedCode: 'MSK77' });
    expect(manager.setObjectOptions).toHaveBeenLastCalledWith('MSK77', { preset: 'islands#redDotIcon' });
    // Chosen on the map: the map stays where the customer is looking.
    expect(map.setCenter).not.toHaveBeenCalled();

    // Chosen in the list: the map comes to the point.
    rerenderWith({ selectedCode: 'MSK2' });
    expect(manager.setObjectOptions).toHaveBeenCalledWith('MSK77', { preset: 'islands#blueDotIcon' });
    expect(manager.setObjectOptions).toHaveBeenLastCalledWith('MSK2', { preset: 'islands#redDotIcon' });
    expect(map.setCenter).toHaveBeenCalledWith([55.76, 37.61], 15, expect.anything());
  });

  it("rebuilds the features for another city's points and destroys the map when gone", async () => {
    stubMaps();
    const { rerenderWith, unmount } = renderPicker({ mapsApiKey: freshKey() });
    const { map, manager } = await mapReady();
    const kazan = [point('KZN1', { city: 'Казань', latitude: 55.79, longitude: 49.12 })];
    rerenderWith({ points: kazan });
    expect(manager.removeAll).toHaveBeenCalled();
    expect(manager.added.at(-1)!.features.map((f) => [f.id, f.geometry.coordinates])).toEqual([
      ['KZN1', [55.79, 49.12]],
    ]);
    expect(maps.made).toHaveLength(1);
    unmount();
    expect(map.destroy).toHaveBeenCalledOnce();
  });

  it('when the map fails to load, leaves the list and a note', async () => {
    stubMaps((_done, fail) => fail?.(new Error('blocked')));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPicker({ mapsApiKey: freshKey() });
    expect(await screen.findByText(MAP_FAILED_NOTE)).toBeTruthy();
    expect(maps.made).toHaveLength(0);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    vi.restoreAllMocks();
  });
});
