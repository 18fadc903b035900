// /nuxt/products: the generated list's columns and filters, plus what a catalogue is worked from: the first
// picture, the price range and the total stock of the offers, a filter for products with an offer almost
// sold out (the desktop's «Заканчиваются на складе» opens it), and the bulk edit of prices and stock for
// the selected products' offers (for the roles that may edit products).
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
  NumberInput,
  Pagination,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  TextField,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import Typography from '@mui/material/Typography';
import {
  ImagePreviewField,
  isoToMoscowDate,
  moscowDateTime,
  moscowDayEnd,
  moscowDayStart,
  useFieldWritable,
} from '../../../fields';
import { formatRubles } from '../../../fields/money';
import { LOW_STOCK_THRESHOLD } from '@shop/schemas';
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
  <NumberInput key="offers.stock_lte" source="offers.stock_lte" label="Остаток варианта до" min={0} />,
];

interface Offer {
  basePrice: number;
  salePrice: number | null;
  stock: number;
  active: boolean;
}

const offersOf = (record: { offers?: Offer[] } | undefined) => (record?.offers ?? []).filter((o) => o.active);

/** «780,00 ₽ – 830,00 ₽»: what the active offers cost now (the sale price where there is one). */
function PriceRangeField(_props: { label?: string; sortable?: boolean; textAlign?: 'right' }) {
  const prices = offersOf(useRecordContext<{ id: number; offers?: Offer[] }>()).map(
    (o) => o.salePrice ?? o.basePrice,
  );
  if (prices.length === 0) return null;
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {low === high ? formatRubles(low) : `${formatRubles(low)} – ${formatRubles(high)}`}
    </Typography>
  );
}

/** The active offers' stock together; red when one of them is down to the low-stock threshold or less. */
function TotalStockField(_props: { label?: string; sortable?: boolean; textAlign?: 'right' }) {
  const offers = offersOf(useRecordContext<{ id: number; offers?: Offer[] }>());
  if (offers.length === 0) return null;
  const low = offers.some((o) => o.stock <= LOW_STOCK_THRESHOLD);
  return (
    <Typography
      component="span"
      variant="body2"
      color={low ? 'error' : undefined}
      title={low ? `Есть вариант с остатком не больше ${LOW_STOCK_THRESHOLD}` : undefined}
    >
      {offers.reduce((sum, o) => sum + o.stock, 0)}
    </Typography>
  );
}

function BulkActions() {
  const { canAccess: canEdit } = useCanAccess({ resource: 'products', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'products', action: 'delete' });
  // Prices and stock of the offers: the roles their x-access.write names (the manager, not the editor).
  const writable = useFieldWritable('products');
  const canPrice = canEdit && writable('offers.basePrice') && writable('offers.stock');
  return (
    <>
      {canPrice ? <BulkOffersButton /> : null}
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
        <ImagePreviewField source="images" label="" thumbnail sortable={false} />
        <TextField source="id" />
        <TextField source="title" />
        <PriceRangeField label="Цена" sortable={false} textAlign="right" />
        <TotalStockField label="Остаток" sortable={false} textAlign="right" />
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
