// The delivery data the checkout's pickers show. Declared here until the API's generated types of the same
// shape replace them (the checkout's server side is being built alongside).

/** A city as the carriers know it: the name people type, its region to tell namesakes apart. */
export interface DeliveryCity {
  name: string;
  region: string | null;
  postalCode: string | null;
}

/** A carrier's pickup point or parcel locker (postamat) in the chosen city. */
export interface PickupPoint {
  /** The carrier's code of the point: what the order names. */
  code: string;
  name: string;
  address: string;
  city: string;
  postalCode: string | null;
  latitude: number;
  longitude: number;
  /** As the carrier writes it, e.g. «Пн-Пт 10:00-20:00, Сб 10:00-16:00». */
  workTime: string;
  type: 'PVZ' | 'POSTAMAT';
  /** Whether the order can be paid at the point on receipt. */
  paymentOnDelivery: boolean;
}
