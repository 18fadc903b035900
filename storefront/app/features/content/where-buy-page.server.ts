import type { PublicSettings, Representative } from '@shop/schemas';
import type { Route } from '../../routes/+types/where-buy';
import { serverApi } from '../../lib/api.server';
import { loadPage } from '../../lib/content.server';
import { formatPhone } from '../../lib/format';
import type { Place } from './where-buy-page';

function showroom(settings: PublicSettings | null): Place | null {
  if (!settings?.address) return null;
  return {
    id: 'shop',
    kind: 'Магазин и самовывоз',
    title: settings.shopName,
    place: null,
    address: settings.address,
    phone: settings.supportPhone ? formatPhone(settings.supportPhone) : null,
    email: settings.supportEmail,
    website: null,
    hours: settings.workingHours,
    latitude: settings.mapLatitude,
    longitude: settings.mapLongitude,
  };
}

function representativePlace(r: Representative): Place {
  const place = [r.city, r.region && r.region !== r.city ? r.region : null].filter(Boolean).join(', ');
  return {
    id: `group-${r.id}`,
    kind: r.isRepresentative ? 'Официальный представитель' : 'Магазин-партнёр',
    title: r.title,
    place: place || null,
    address: r.address,
    phone: r.phone ? formatPhone(r.phone) : null,
    email: r.email,
    website: r.website,
    hours: null,
    latitude: r.latitude,
    longitude: r.longitude,
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [page, representatives, settings] = await Promise.all([
    loadPage(context, 'where-buy'),
    api.content.representatives().catch((error: unknown) => {
      console.error('representatives unavailable:', error instanceof Error ? error.message : error);
      return null;
    }),
    api.site.settings().catch(() => null),
  ]);
  const shop = showroom(settings);
  const places = [...(shop ? [shop] : []), ...(representatives ?? []).map(representativePlace)];
  return { page, places, failed: representatives === null };
}
