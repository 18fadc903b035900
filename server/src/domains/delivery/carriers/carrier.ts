// What the shop needs of a delivery carrier: a price and dates for a route and its packages, the pickup
// points of a city, and (for those that take shipments by API) registering a shipment and reading its state.
// Each carrier (cdek.ts, russian-post.ts) speaks its own protocol behind this interface; the quoting
// (quotes.ts) adds the caches, the time box and the fallback to the service's flat price, so a carrier
// itself only speaks and throws. Money is integer kopecks, weight grams, sizes centimetres, always.
import type { PickupPoint as ApiPickupPoint } from '@shop/schemas';

/** One box as the carrier measures it. */
export interface Parcel {
  /** Grams, > 0. */
  weight: number;
  /** Centimetres, ≥ 1. */
  length: number;
  width: number;
  height: number;
}

/** Where a parcel goes or comes from, as much as is known; each carrier uses what it understands. */
export interface Place {
  /** «Казань». */
  city: string;
  /** СДЭК's city code (44 = Moscow), when known. */
  cdekCode?: number | null;
  /** Six digits; Почта России needs one. */
  postalCode?: string | null;
}

export interface QuoteRequest {
  from: Place;
  to: Place;
  packages: Parcel[];
  /** The service's tariff: СДЭК's tariff_code (136 склад-склад…), Почта's object (27030 посылка стандарт…). */
  tariffCode: number;
}

/** The carrier's answer for one route: what it costs and how many days it takes. */
export interface CarrierQuote {
  /** Kopecks. */
  price: number;
  /** Days in transit, from the carrier's own figures (calendar days where it gives them). */
  minDays: number;
  maxDays: number;
}

/**
 * A place where the customer takes the parcel, as the checkout receives it (schemas/api/delivery/
 * pickup-point.schema.json: declared once, for the carriers and the API alike).
 */
export type PickupPoint = ApiPickupPoint;

/** What the shop hands to a carrier: the order, the recipient, the packages with their items. */
export interface ShipmentRequest {
  /** Our order number: the carrier's `number`, so the same order is never registered twice. */
  orderNumber: string;
  tariffCode: number;
  from: Place;
  /** The shop's drop-off point (СДЭК `shipment_point`), when it brings parcels to one. */
  shipmentPoint: string | null;
  /** The chosen pickup point's code, or null for a door delivery. */
  deliveryPoint: string | null;
  to: Place & { address: string | null };
  recipient: { name: string; phone: string; email: string | null };
  /** Kopecks the recipient pays on delivery (0: paid online). */
  collectOnDelivery: number;
  packages: (Parcel & {
    items: { name: string; article: string; price: number; weight: number; quantity: number }[];
  })[];
}

/** A shipment's state as the shop sees it, whatever the carrier calls it. */
export type ShipmentState =
  /** Sent, the carrier has not accepted it yet. */
  | 'registering'
  /** Accepted: it has a carrier number, waiting for the parcel. */
  | 'registered'
  /** The carrier has the parcel: «Передан в доставку». */
  | 'in_transit'
  /** At the pickup point, waiting for the customer. */
  | 'ready'
  | 'delivered'
  /** Not taken or refused: coming back to the shop. */
  | 'returning'
  /** The carrier refused the registration (errors say why). */
  | 'invalid';

export interface ShipmentStatus {
  state: ShipmentState;
  /** The carrier's own id of the shipment (СДЭК's uuid). */
  carrierId: string;
  /** The tracking number the customer sees (СДЭК's cdek_number), once there is one. */
  trackNumber: string | null;
  /** The carrier's last status in its words, for the order's history: «Принят на склад отправителя». */
  statusText: string | null;
  /** Why it was refused (invalid). */
  errors: string[];
}

export interface Carrier {
  readonly name: 'cdek' | 'russian_post';
  quote(request: QuoteRequest): Promise<CarrierQuote>;
  /** Cities whose name starts with the query, as the carrier knows them (for the checkout's suggestions). */
  cities?(query: string): Promise<{ name: string; region: string | null }[]>;
  /** The city's pickup points; carriers without points do not have it. */
  points?(place: Place): Promise<PickupPoint[]>;
  /** Registers a shipment; answers its state right after (usually `registering`). */
  register?(request: ShipmentRequest): Promise<ShipmentStatus>;
  status?(carrierId: string): Promise<ShipmentStatus>;
  /** The shipment's label for the parcel (a PDF the carrier makes), for the administrator to print. */
  label?(carrierId: string): Promise<{ contentType: string; body: Uint8Array }>;
}

/**
 * A carrier's failure. `kind` says what the caller may do: `refused` (the carrier answered no: a 4xx, an
 * unknown index; asking again will not help), `unavailable` (5xx, 429, a network error, a time-out: maybe
 * later). Neither carries the request's headers, so a secret cannot leak through a log.
 */
export class CarrierError extends Error {
  constructor(
    message: string,
    public readonly kind: 'refused' | 'unavailable',
    public readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}
