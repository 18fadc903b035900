// Tabs over a review list by status, each with its count; a tab sets the list's status filter. The counts
// are list queries of one row each, so they refresh together with the list after any change.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useGetList, useListContext } from 'react-admin';

export const REVIEW_STATUSES = [
  { id: 'pending', name: 'На модерации' },
  { id: 'published', name: 'Опубликован' },
  { id: 'rejected', name: 'Отклонён' },
] as const;

function useStatusTotal(resource: string, status: string) {
  const { total } = useGetList(resource, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'DESC' },
    filter: { status },
  });
  return total;
}

function TabLabel({ resource, status, name }: { resource: string; status: string; name: string }) {
  const total = useStatusTotal(resource, status);
  return (
    <span data-testid={`tab-${status}`}>
      {name} {total === undefined ? '' : `(${total})`}
    </span>
  );
}

export function StatusTabs({ resource }: { resource: string }) {
  const list = useListContext();
  const filterValues = list.filterValues as Record<string, unknown>;
  const current = typeof filterValues.status === 'string' ? filterValues.status : 'pending';
  return (
    <Tabs
      value={current}
      onChange={(_e, status: string) =>
        list.setFilters({ ...filterValues, status }, list.displayedFilters as Record<string, boolean>)
      }
      aria-label="Статус отзывов"
      sx={{ px: 2 }}
    >
      {REVIEW_STATUSES.map((s) => (
        <Tab key={s.id} value={s.id} label={<TabLabel resource={resource} status={s.id} name={s.name} />} />
      ))}
    </Tabs>
  );
}
