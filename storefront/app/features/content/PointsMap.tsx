import { useEffect, useRef, useState } from 'react';
import { loadYandexMaps, type YMaps } from './yandex-maps';
import './points-map.css';

export interface MapPoint {
  id: string;
  title: string;
  address: string | null;
  /** As people read it, e.g. "+7 (812) 123-45-67". */
  phone: string | null;
  latitude: number;
  longitude: number;
}

interface PointsMapProps {
  apiKey: string;
  points: readonly MapPoint[];
  /** The point chosen in the list: the map centres on it and opens its balloon. */
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  label: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The few parts of the Yandex Maps 2.1 API used here.
interface Placemark {
  events: { add(type: 'click', handler: () => void): void };
  geometry: { getCoordinates(): number[] };
  balloon: { open(): Promise<unknown> };
}
interface YandexMap {
  geoObjects: { add(object: Placemark): void; getBounds(): number[][] | null };
  setBounds(bounds: number[][], options: object): Promise<unknown>;
  setCenter(center: number[], zoom: number, options: object): Promise<unknown>;
  destroy(): void;
}
interface MapsApi {
  Map: new (node: HTMLElement, state: object, options?: object) => YandexMap;
  Placemark: new (coordinates: number[], properties: object, options?: object) => Placemark;
}

/**
 * Yandex map with a placemark per point (spec §1: the maps service in Russian, with the key from the settings).
 * It is drawn in the browser only; the page around it lists every point, so a map that fails to load leaves
 * the page fully usable.
 */
export function PointsMap({ apiKey, points, selectedId, onSelect, label }: PointsMapProps) {
  const canvas = useRef<HTMLDivElement>(null);
  const map = useRef<YandexMap | null>(null);
  const marks = useRef(new Map<string, Placemark>());
  const select = useRef(onSelect);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // Redrawn only when the points themselves change, not on every render of the page.
  const pointsKey = JSON.stringify(points);

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    let cancelled = false;
    const shown: MapPoint[] = JSON.parse(pointsKey) as MapPoint[];
    setState('loading');
    loadYandexMaps(apiKey)
      .then((loaded: YMaps) => {
        if (cancelled || !canvas.current || shown.length === 0) return;
        const ymaps = loaded as unknown as MapsApi;
        const first = shown[0]!;
        const instance = new ymaps.Map(
          canvas.current,
          {
            center: [first.latitude, first.longitude],
            zoom: 14,
            controls: ['zoomControl', 'fullscreenControl'],
          },
          { suppressMapOpenBlock: true },
        );
        for (const point of shown) {
          const body = [
            point.address ? `<p>${escapeHtml(point.address)}</p>` : '',
            point.phone
              ? `<p><a href="tel:${escapeHtml(point.phone.replace(/[^\d+]/g, ''))}">${escapeHtml(point.phone)}</a></p>`
              : '',
          ].join('');
          const mark = new ymaps.Placemark(
            [point.latitude, point.longitude],
            {
              balloonContentHeader: escapeHtml(point.title),
              balloonContentBody: body,
              hintContent: escapeHtml(point.title),
            },
            { preset: 'islands#violetDotIcon' },
          );
          mark.events.add('click', () => select.current?.(point.id));
          instance.geoObjects.add(mark);
          marks.current.set(point.id, mark);
        }
        const bounds = instance.geoObjects.getBounds();
        if (shown.length > 1 && bounds) {
          void instance.setBounds(bounds, { checkZoomRange: true, zoomMargin: 48 });
        }
        map.current = instance;
        setState('ready');
      })
      .catch((error: unknown) => {
        // The list beside the map has every address: the visitor loses nothing but the picture.
        console.warn('map unavailable:', error instanceof Error ? error.message : error);
        if (!cancelled) setState('failed');
      });
    const placed = marks.current;
    return () => {
      cancelled = true;
      map.current?.destroy();
      map.current = null;
      placed.clear();
    };
  }, [apiKey, pointsKey]);

  useEffect(() => {
    if (state !== 'ready' || !selectedId) return;
    const mark = marks.current.get(selectedId);
    if (!mark || !map.current) return;
    void map.current
      .setCenter(mark.geometry.getCoordinates(), 15, { duration: 300 })
      .then(() => mark.balloon.open());
  }, [selectedId, state]);

  return (
    <div className={`points-map points-map--${state}`}>
      <div ref={canvas} className="points-map__canvas" role="region" aria-label={label} />
      {state === 'loading' && (
        <div className="points-map__placeholder" aria-hidden="true">
          Загружаем карту…
        </div>
      )}
      {state === 'failed' && (
        <p className="points-map__placeholder" role="status">
          Карта сейчас не загрузилась. Все адреса — в списке.
        </p>
      )}
    </div>
  );
}
