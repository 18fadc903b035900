// A list's "from … to …" date filters over a date-time field: two date pickers whose days are Moscow days,
// sent as the `<field>_gte` / `<field>_lte` operators the CRUD layer whitelists (x-list.filters ops).
import type { ReactElement } from 'react';
import { DateInput } from 'react-admin';
import { isoToMoscowDate, moscowDayEnd, moscowDayStart } from './dates';

export function dateRangeFilters(field: string, fromLabel: string, toLabel: string): ReactElement[] {
  return [
    <DateInput
      key={`${field}_gte`}
      source={`${field}_gte`}
      label={fromLabel}
      format={isoToMoscowDate}
      parse={moscowDayStart}
    />,
    <DateInput
      key={`${field}_lte`}
      source={`${field}_lte`}
      label={toLabel}
      format={isoToMoscowDate}
      parse={moscowDayEnd}
    />,
  ];
}
