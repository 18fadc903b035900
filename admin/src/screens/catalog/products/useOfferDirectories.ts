// The directories marked "Характеристика вариантов" with their active entries: the columns and the
// choices of a product's offers, and the value lists of the offer generator.
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { Directory, DirectoryEntry } from '@shop/schemas/generated/types';

export interface OfferDirectory {
  code: string;
  title: string;
  entries: { code: string; title: string }[];
}

const ALL = { page: 1, perPage: 1000 };

export function useOfferDirectories(): { directories: OfferDirectory[]; isPending: boolean } {
  const dirs = useGetList<Directory>('directories', {
    filter: { useInOffers: true, active: true },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'sortOrder', order: 'ASC' },
  });
  const ids = (dirs.data ?? []).map((d) => d.id);
  const entries = useGetList<DirectoryEntry>(
    'directory-entries',
    {
      filter: { directoryId: ids, active: true },
      pagination: ALL,
      sort: { field: 'sortOrder', order: 'ASC' },
    },
    { enabled: ids.length > 0 },
  );
  const directories = useMemo(
    () =>
      (dirs.data ?? []).map((d) => ({
        code: d.code,
        title: d.title,
        entries: (entries.data ?? [])
          .filter((e) => e.directoryId === d.id)
          .map((e) => ({ code: e.code, title: e.title })),
      })),
    [dirs.data, entries.data],
  );
  return { directories, isPending: dirs.isPending || (ids.length > 0 && entries.isPending) };
}
