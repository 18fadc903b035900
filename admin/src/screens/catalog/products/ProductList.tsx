// /nuxt/products: the generated list's columns and filters, plus the bulk edit of prices and stock for the
// selected products' offers (for the roles that may edit products).
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanField,
  BulkDeleteButton,
  Datagrid,
  DateField,
  DateInput,
  List,
  NullableBooleanInput,
  Pagination,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  TextField,
  useCanAccess,
} from 'react-admin';
import { isoToMoscowDate, moscowDateTime, moscowDayEnd, moscowDayStart } from '../../../fields';
import { ListActions, useRowClick } from '../../../list';
import { BulkOffersButton } from './BulkOffersButton';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceArrayInput key="categoryIds" source="categoryIds" reference="product-categories">
    <AutocompleteArrayInput />
  </ReferenceArrayInput>,
  <ReferenceInput key="brandId" source="brandId" reference="directory-entries">
    <AutocompleteInput />
  </ReferenceInput>,
  <NullableBooleanInput key="active" source="active" />,
  <NullableBooleanInput key="isNew" source="isNew" />,
  <NullableBooleanInput key="isHit" source="isHit" />,
  <DateInput key="createdAt_gte" source="createdAt_gte" format={isoToMoscowDate} parse={moscowDayStart} />,
  <DateInput key="createdAt_lte" source="createdAt_lte" format={isoToMoscowDate} parse={moscowDayEnd} />,
];

function BulkActions() {
  const { canAccess: canEdit } = useCanAccess({ resource: 'products', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'products', action: 'delete' });
  return (
    <>
      {canEdit ? <BulkOffersButton /> : null}
      {canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : null}
    </>
  );
}

export function ProductListWithBulkEdit() {
  const rowClick = useRowClick();
  const { canAccess: canEdit } = useCanAccess({ resource: 'products', action: 'edit' });
  return (
    <List
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      actions={<ListActions />}
    >
      <Datagrid rowClick={rowClick} bulkActionButtons={canEdit ? <BulkActions /> : false}>
        <TextField source="id" />
        <TextField source="title" />
        <ReferenceArrayField source="categoryIds" sortable={false} reference="product-categories" />
        <ReferenceField source="brandId" reference="directory-entries" />
        <BooleanField source="active" />
        <BooleanField source="isNew" />
        <BooleanField source="isHit" />
        <DateField source="updatedAt" showTime locales="ru-RU" options={moscowDateTime} />
      </Datagrid>
    </List>
  );
}
