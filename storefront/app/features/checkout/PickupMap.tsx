import { useEffect, useMemo, useRef, useState } from 'react';
import { loadYandexMaps } from '../content';
import type { PickupPoint } from './delivery-types';
import './delivery-pickers.css';

export const MAP_FAILED_NOTE = 'Карта не загрузилась — выберите пункт в списке';
const CHOSEN_PRESET = 'islands#redDotIcon';
const OTHER_PRESET = 'islands#blueDotIcon';
/** Where the map opens before it knows the city's points: it is fitted to them at once. */
const MOSCOW: [number, number] = [55.751574, 37.573856];

// The few parts of the Yandex Maps 2.1 API the picker uses (an ObjectManager: one layer for hundreds of
// points, clustered, instead of a Placemark each).
interface MapEvent {
  get(name: 'objectId'): string | number;
}
interface OptionManager {
  set(name: string, value: unknown): void;
}
interface PointFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: { hintContent: string; balloonContent: string };
}
interface ObjectManager {
  add(collection: { type: 'FeatureCollection'; features: PointFeature[] }): void;
  removeAll(): void;
  getBounds(): number[][] | null;
  objects: {
    events: { add(type: 'click', handler: (event: MapEvent) => void): void };
    options: OptionManager;
    setObjectOptions(id: string, options: { preset: string }): void;
  };
  clusters: { options: OptionManager };
}
interface YandexMap {
  geoObjects: { add(layer: ObjectManager): void };
  setBounds(bounds: number[][], options: object): Promise<unknown>;
  setCenter(center: number[], zoom: number, options?: object): Promise<unknown>;
  getZoom(): number;
  destroy(): void;
}
interface MapsApi {
  Map: new (node: HTMLElement, state: object, options?: object) => YandexMap;
  ObjectManager: new (options: object) => ObjectManager;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A point as the map's data: 2.1 reads coordinates as [latitude, longitude]. */
export function pointFeature(point: PickupPoint): PointFeature {
  return {
    type: 'Feature',
    id: point.code,
    geometry: { type: 'Point', coordinates: [point.latitude, point.longitude] },
    properties: {
      hintContent: escapeHtml(point.name),
      balloonContent: `${escapeHtml(point.address)}<br>${escapeHtml(point.workTime)}`,
    },
  };
}

interface PickupMapProps {
  apiKey: string;
  points: readonly PickupPoint[];
  selectedCode: string | null;
  /** A point's mark was clicked on the map. */
  onPick: (code: string) => void;
}

/**
 * The pickup points on a Yandex map, mirroring the list beside it: a click on a mark picks the point, the
 * chosen point is red, a point chosen in the list is brought to the map's centre. Drawn in the browser only;
 * when the map cannot load, a note sends the customer to the list, which has everything.
 */
export function PickupMap({ apiKey, points, selectedCode, onPick }: PickupMapProps) {
  const canvas = useRef<HTMLDivElement>(null);
  const map = useRef<YandexMap | null>(null);
  const layer = useRef<ObjectManager | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  // The map's handlers are added once; they read the latest points and callback through these.
  const latestPoints = useRef(points);
  const pick = useRef(onPick);
  useEffect(() => {
    latestPoints.current = points;
    pick.current = onPick;
  });
  // The features are rebuilt when the points themselves change (another city), not on every render.
  const pointsKey = useMemo(() => JSON.stringify(points), [points]);
  // The red mark, and the point the customer just clicked on the map (the map needs no moving for it).
  const redCode = useRef<string | null>(null);
  const clickedCode = useRef<string | null>(null);
  const centredCode = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    loadYandexMaps(apiKey)
      .then((loaded) => {
        if (cancelled || !canvas.current) return;
        const ymaps = loaded as unknown as MapsApi;
        const first = latestPoints.current[0];
        const instance = new ymaps.Map(
          canvas.current,
          {
            center: first ? [first.latitude, first.longitude] : MOSCOW,
            zoom: 12,
            controls: ['zoomControl'],
          },
          { suppressMapOpenBlock: true, yandexMapDisablePoiInteractivity: true },
        );
        const manager = new ymaps.ObjectManager({ clusterize: true, gridSize: 64 });
        manager.objects.options.set('preset', OTHER_PRESET);
        manager.clusters.options.set('preset', 'islands#blueClusterIcons');
        manager.objects.events.add('click', (event) => {
          const code = String(event.get('objectId'));
          clickedCode.current = code;
          pick.current(code);
        });
        instance.geoObjects.add(manager);
        map.current = instance;
        layer.current = manager;
        setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('pickup map unavailable:', error instanceof Error ? error.message : error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      map.current?.destroy();
      map.current = null;
      layer.current = null;
    };
  }, [apiKey]);

  useEffect(() => {
    const instance = map.current;
    const manager = layer.current;
    if (state !== 'ready' || !instance || !manager) return;
    const shown = latestPoints.current;
    manager.removeAll();
    redCode.current = null;
    centredCode.current = null;
    manager.add({ type: 'FeatureCollection', features: shown.map(pointFeature) });
    const bounds = manager.getBounds();
    if (shown.length > 1 && bounds) void instance.setBounds(bounds, { checkZoomRange: true, zoomMargin: 32 });
    else if (shown.length === 1) void instance.setCenter([shown[0]!.latitude, shown[0]!.longitude], 15);
  }, [state, pointsKey]);

  useEffect(() => {
    const instance = map.current;
    const manager = layer.current;
    if (state !== 'ready' || !instance || !manager) return;
    const previous = redCode.current;
    if (previous && previous !== selectedCode)
      manager.objects.setObjectOptions(previous, { preset: OTHER_PRESET });
    const point = latestPoints.current.find((p) => p.code === selectedCode);
    redCode.current = point?.code ?? null;
    if (!point) return;
    manager.objects.setObjectOptions(point.code, { preset: CHOSEN_PRESET });
    // A point chosen in the list comes to the map's centre, close enough to leave its cluster; one clicked
    // on the map is already where the customer looks.
    const newlyChosen = centredCode.current !== point.code;
    centredCode.current = point.code;
    if (newlyChosen && clickedCode.current !== point.code) {
      void instance.setCenter([point.latitude, point.longitude], Math.max(instance.getZoom(), 15), {
        duration: 300,
      });
    }
    clickedCode.current = null;
  }, [state, pointsKey, selectedCode]);

  return (
    <div className={`pickup-map pickup-map--${state}`}>
      <div ref={canvas} className="pickup-map__canvas" role="region" aria-label="Карта пунктов выдачи" />
      {state === 'loading' && (
        <div className="pickup-map__placeholder" aria-hidden="true">
          Загружаем карту…
        </div>
      )}
      {state === 'failed' && (
        <p className="pickup-map__placeholder" role="status">
          {MAP_FAILED_NOTE}
        </p>
      )}
    </div>
  );
}
