// The delivery data the checkout's pickers show, as the API answers it (schemas/api/delivery).
export type { DeliveryCity, PickupPoint } from '@shop/schemas';
