import type { PublicSettings } from '@shop/schemas';
import type { Route } from '../../routes/+types/contacts';
import { ContentPage } from './ContentPage';
import { PointsMap } from './PointsMap';
import { COMPANY_LINKS } from './SectionNav';
import './contacts.css';
import { SocialLinks } from '../shell';
import { contentMeta } from './content-meta';
import { formatPhone } from '../../lib/format';
import { phoneHref, useShellData } from '../../lib/shell-data';
import { GUEST_PAGE } from '../../lib/guest-page';

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? contentMeta(
        { ...loaderData.page, text: loaderData.page.content },
        '/contacts',
        [{ name: loaderData.page.title, path: '/contacts' }],
        matches,
      )
    : [];

function Requisites({ settings }: { settings: PublicSettings }) {
  const rows = [
    ['Продавец', settings.legalName],
    [settings.ogrn?.length === 15 ? 'ОГРНИП' : 'ОГРН', settings.ogrn],
    ['ИНН', settings.inn],
    ['КПП', settings.kpp],
    ['Юридический адрес', settings.legalAddress],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  if (rows.length === 0) return null;
  return (
    <section className="contacts__requisites" aria-labelledby="requisites-title">
      <h2 id="requisites-title" className="contacts__subtitle">
        Реквизиты
      </h2>
      <dl className="contacts__table">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { page, settings } = loaderData;
  const { config } = useShellData();
  // The shell's phone is the fallback when the settings did not load: the page always offers a call.
  const phone = settings?.supportPhone ? formatPhone(settings.supportPhone) : config.supportPhone;
  const email = settings?.supportEmail ?? config.supportEmail;
  const hasPoint = settings?.mapLatitude != null && settings.mapLongitude != null;

  const cards = (
    <ul className="contacts__cards">
      <li className="contacts__card">
        <h2 className="contacts__label">Телефон</h2>
        <a className="contacts__value" href={phoneHref(phone)}>
          {phone}
        </a>
      </li>
      {email && (
        <li className="contacts__card">
          <h2 className="contacts__label">E-mail</h2>
          <a className="contacts__value" href={`mailto:${email}`}>
            {email}
          </a>
        </li>
      )}
      {settings?.address && (
        <li className="contacts__card">
          <h2 className="contacts__label">Адрес</h2>
          <p className="contacts__value contacts__value--text">{settings.address}</p>
        </li>
      )}
      {settings?.workingHours && (
        <li className="contacts__card">
          <h2 className="contacts__label">Режим работы</h2>
          <p className="contacts__value contacts__value--text">{settings.workingHours}</p>
        </li>
      )}
    </ul>
  );

  return (
    <ContentPage page={page} nav={{ label: 'О компании', links: COMPANY_LINKS }} lead={cards}>
      {config.mapsApiKey && hasPoint && (
        <div className="contacts__map">
          <PointsMap
            apiKey={config.mapsApiKey}
            label="Карта: как нас найти"
            points={[
              {
                id: 'shop',
                title: settings.shopName,
                address: settings.address,
                phone,
                latitude: settings.mapLatitude!,
                longitude: settings.mapLongitude!,
              },
            ]}
          />
        </div>
      )}
      {settings && <Requisites settings={settings} />}
      {settings && Object.values(settings.social).some(Boolean) && (
        <section className="contacts__social" aria-labelledby="social-title">
          <h2 id="social-title" className="contacts__subtitle">
            Мы в соцсетях и на маркетплейсах
          </h2>
          <SocialLinks urls={settings.social} />
        </section>
      )}
    </ContentPage>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
