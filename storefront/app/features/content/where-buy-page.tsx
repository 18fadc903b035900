import { useState } from 'react';
import type { Route } from '../../routes/+types/where-buy';
import { ContentPage } from './ContentPage';
import { PointsMap, type MapPoint } from './PointsMap';
import './where-buy.css';
import { contentMeta } from './content-meta';
import { phoneHref, useShellData } from '../../lib/shell-data';
import { GUEST_PAGE } from '../../lib/guest-page';

// Где купить: the page's text from the admin, the shop's own showroom (settings) and the representatives
// and partner shops (user groups shown on the map). A list beside a Yandex map; without a maps key in
// the settings, the list alone.

export interface Place {
  id: string;
  kind: string;
  title: string;
  place: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  hours: string | null;
  latitude: number | null;
  longitude: number | null;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? contentMeta(
        { ...loaderData.page, text: loaderData.page.content },
        '/where-buy',
        [{ name: loaderData.page.title, path: '/where-buy' }],
        matches,
      )
    : [];

function hasPoint(p: Place): p is Place & { latitude: number; longitude: number } {
  return p.latitude !== null && p.longitude !== null;
}

export default function WhereBuy({ loaderData }: Route.ComponentProps) {
  const { page, places, failed } = loaderData;
  const { config } = useShellData();
  const [selected, setSelected] = useState<string | null>(null);
  const points: MapPoint[] = places.filter(hasPoint).map((p) => ({
    id: p.id,
    title: p.title,
    address: [p.place, p.address].filter(Boolean).join(', ') || null,
    phone: p.phone,
    latitude: p.latitude,
    longitude: p.longitude,
  }));
  const withMap = Boolean(config.mapsApiKey) && points.length > 0;

  const showOnMap = (id: string) => {
    setSelected(id);
    // On a phone the map is above the list: bring it into view.
    document.getElementById('where-buy-map')?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };

  return (
    <ContentPage page={page}>
      <div className={`where-buy${withMap ? ' where-buy--with-map' : ''}`}>
        {withMap && (
          <div id="where-buy-map" className="where-buy__map">
            <PointsMap
              apiKey={config.mapsApiKey!}
              points={points}
              selectedId={selected}
              onSelect={setSelected}
              label="Карта: где купить"
            />
          </div>
        )}
        <div className="where-buy__list">
          <h2 className="where-buy__count">{places.length > 0 ? `Адреса (${places.length})` : 'Адреса'}</h2>
          {failed && (
            <p className="notice" role="status">
              Не удалось загрузить адреса представителей. Обновите страницу через минуту.
            </p>
          )}
          {places.length === 0 && !failed && (
            <p className="notice">
              Адреса скоро появятся. Пока заказывайте на сайте с доставкой по всей России.
            </p>
          )}
          <ul className="where-buy__places">
            {places.map((p) => (
              <li key={p.id}>
                <article
                  className={`place-card${selected === p.id ? ' place-card--selected' : ''}`}
                  aria-labelledby={`${p.id}-title`}
                >
                  <p className="place-card__kind">{p.kind}</p>
                  <h3 id={`${p.id}-title`} className="place-card__title">
                    {p.title}
                  </h3>
                  <dl className="place-card__details">
                    {(p.place || p.address) && (
                      <div>
                        <dt>Адрес</dt>
                        <dd>{[p.place, p.address].filter(Boolean).join(', ')}</dd>
                      </div>
                    )}
                    {p.hours && (
                      <div>
                        <dt>Режим работы</dt>
                        <dd>{p.hours}</dd>
                      </div>
                    )}
                    {p.phone && (
                      <div>
                        <dt>Телефон</dt>
                        <dd>
                          <a href={phoneHref(p.phone)}>{p.phone}</a>
                        </dd>
                      </div>
                    )}
                    {p.email && (
                      <div>
                        <dt>E-mail</dt>
                        <dd>
                          <a href={`mailto:${p.email}`}>{p.email}</a>
                        </dd>
                      </div>
                    )}
                    {p.website && (
                      <div>
                        <dt>Сайт</dt>
                        <dd>
                          <a href={p.website} target="_blank" rel="noopener noreferrer nofollow">
                            {p.website.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')}
                          </a>
                        </dd>
                      </div>
                    )}
                  </dl>
                  {withMap && hasPoint(p) && (
                    <button
                      type="button"
                      className="button button--quiet place-card__show"
                      onClick={() => showOnMap(p.id)}
                      aria-pressed={selected === p.id}
                    >
                      Показать на карте
                    </button>
                  )}
                </article>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </ContentPage>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
