// Where a customer follows a parcel: the carrier's public tracking page for its number. The letters, the
// order's page and the admin's order screen link it; a service without a carrier has none.

/** The carrier's page for this tracking number, or null when the provider has no public tracking here. */
export function trackingUrlOf(provider: string | null, trackNumber: string): string | null {
  const number = encodeURIComponent(trackNumber.trim());
  if (provider === 'cdek') return `https://www.cdek.ru/ru/tracking?order_id=${number}`;
  if (provider === 'russian_post') return `https://www.pochta.ru/tracking?barcode=${number}`;
  return null;
}
