// x-ui.unitFrom: a number whose unit is given by a sibling enum field (a coupon's `value` is a percentage
// or a sum by its `type`). The generated screens pass the sibling's name and its values' units.

export type Unit = 'money' | 'percent';

export interface UnitFromProps {
  /** The sibling field whose value says the unit. */
  unitSource: string;
  /** The unit of each of its values; a value not listed has no unit (the number is not used). */
  units: Record<string, Unit>;
}

/** The unit a record's number is read in, or null when the sibling's value gives none. */
export function unitOf(record: Record<string, unknown> | undefined, props: UnitFromProps): Unit | null {
  const value = record?.[props.unitSource];
  return typeof value === 'string' ? (props.units[value] ?? null) : null;
}
