// The lists of reviews of the shop and of products: status tabs with counts (на модерации first), bulk
// publish / reject for the roles that may edit, and the usual search and date filters. A row opens the
// review, where the shop's answer is written (the server dates it).
import {
  Datagrid,
  DateField,
  List,
  NumberField,
  Pagination,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  usePermissions,
} from 'react-admin';
import type { ReactElement } from 'react';
import { canRoleAccess } from '../../../access';
import { dateRangeFilters, moscowDateTime } from '../../../fields';
import { ListActions, useRowClick } from '../../../list';
import { BulkStatusButtons } from './BulkStatusButtons';
import { REVIEW_STATUSES, StatusTabs } from './StatusTabs';

const RATINGS = [1, 2, 3, 4, 5].map((n) => ({ id: n, name: '★'.repeat(n) }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="rating" source="rating" label="Оценка" choices={RATINGS} />,
  ...dateRangeFilters('createdAt', 'С даты', 'По дату'),
];

interface ReviewListProps {
  resource: string;
  title: string;
  /** The columns between the date and the rating, which differ between the two kinds of review. */
  columns: ReactElement[];
}

function ReviewList({ resource, title, columns }: ReviewListProps) {
  const rowClick = useRowClick();
  const { permissions } = usePermissions<string>();
  const canModerate = canRoleAccess(permissions, resource, 'edit');
  return (
    <List
      resource={resource}
      title={title}
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      actions={<ListActions />}
    >
      <StatusTabs resource={resource} />
      <Datagrid rowClick={rowClick} bulkActionButtons={canModerate ? <BulkStatusButtons /> : false}>
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="ru-RU" options={moscowDateTime} />
        {columns}
        <NumberField source="rating" />
        <SelectField source="status" choices={REVIEW_STATUSES as unknown as { id: string; name: string }[]} />
        <TextField source="text" sortable={false} sx={{ display: 'block', maxWidth: 360 }} />
      </Datagrid>
    </List>
  );
}

export function SiteReviewsScreen() {
  return (
    <ReviewList
      resource="reviews-on-site"
      title="Отзывы о магазине"
      columns={[<TextField key="authorName" source="authorName" />, <TextField key="city" source="city" />]}
    />
  );
}

export function ProductReviewsScreen() {
  return (
    <ReviewList
      resource="reviews-on-products"
      title="Отзывы о товарах"
      columns={[
        <ReferenceField key="productId" source="productId" reference="products" />,
        <TextField key="authorName" source="authorName" />,
      ]}
    />
  );
}
