// How a cart becomes packages for a carrier (docs/delivery.md, «Вес и габариты»). Each unit of a line weighs
// and measures what its offer says; a field the offer leaves empty comes from the product's first category
// that has it, else from the shop's settings. Units are stacked in one box: its length and width are the
// largest of the units', its height their sum. A box is closed and a new one opened before it would pass
// MAX_WEIGHT grams or MAX_HEIGHT centimetres, so a heavy order becomes several packages, as carriers take them.
import type { Parcel } from './carriers/carrier';

/** A carrier's ordinary parcel limit (СДЭК and Почта both take 20 kg without surcharges for «посылка»). */
export const MAX_WEIGHT = 20_000;
export const MAX_HEIGHT = 100;

/** One unit's weight and size, any of them unknown (null) until the defaults fill it. */
export interface UnitSize {
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
}

export interface ParcelLine {
  quantity: number;
  /** The offer's own figures. */
  offer: UnitSize;
  /** The category's defaults (the product's first category that has them), or all null. */
  category: UnitSize;
}

/** Whole positive numbers, as carriers take them. */
const whole = (n: number) => Math.max(1, Math.ceil(n));

/** A unit's figures: the offer's where set, else the category's, else the shop's. */
export function unitSize(line: ParcelLine, shop: Parcel): Parcel {
  const pick = (k: keyof UnitSize) => whole(line.offer[k] ?? line.category[k] ?? shop[k]);
  return { weight: pick('weight'), length: pick('length'), width: pick('width'), height: pick('height') };
}

/** The packages of a cart's lines (none for an empty cart). */
export function packCart(lines: readonly ParcelLine[], shop: Parcel): Parcel[] {
  const boxes: Parcel[] = [];
  let box: Parcel | null = null;
  for (const line of lines) {
    const unit = unitSize(line, shop);
    for (let i = 0; i < line.quantity; i++) {
      const fits =
        box !== null && box.weight + unit.weight <= MAX_WEIGHT && box.height + unit.height <= MAX_HEIGHT;
      if (!fits) {
        box = { weight: 0, length: 0, width: 0, height: 0 };
        boxes.push(box);
      }
      box!.weight += unit.weight;
      box!.length = Math.max(box!.length, unit.length);
      box!.width = Math.max(box!.width, unit.width);
      box!.height += unit.height;
    }
  }
  return boxes;
}
