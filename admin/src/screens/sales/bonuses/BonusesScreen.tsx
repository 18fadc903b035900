// /nuxt/bonuses: the ledger of all accruals and spendings (filter by customer, kind and dates), and beside
// it the chosen customer's balance with the manual accrual / debit form.
import {
  AutocompleteInput,
  Datagrid,
  DateField,
  List,
  NumberField,
  Pagination,
  ReferenceField,
  ReferenceInput,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { dateRangeFilters, moscowDateTime } from '../../../fields';
import { ListActions, useRowClick } from '../../../list';
import { AdjustPanel } from './AdjustPanel';

export const BONUS_KINDS = [
  { id: 'accrual', name: 'Начисление за заказ' },
  { id: 'spending', name: 'Оплата заказа' },
  { id: 'manual', name: 'Ручная корректировка' },
  { id: 'expiry', name: 'Сгорание' },
  { id: 'refund', name: 'Возврат' },
];

const filters = [
  <ReferenceInput key="userId" source="userId" reference="users" alwaysOn>
    <AutocompleteInput label="Покупатель" sx={{ minWidth: 320 }} />
  </ReferenceInput>,
  <SelectInput key="kind" source="kind" choices={BONUS_KINDS} alwaysOn />,
  ...dateRangeFilters('createdAt', 'С даты', 'По дату'),
];

export function BonusesScreen() {
  const rowClick = useRowClick();
  return (
    <List
      resource="bonuses"
      title="Бонусы"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      actions={<ListActions />}
      aside={<AdjustPanel />}
      // A shop without a single bonus record still gets the customer picker and the adjust panel.
      empty={false}
    >
      <Datagrid rowClick={rowClick} bulkActionButtons={false}>
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="ru-RU" options={moscowDateTime} />
        <ReferenceField source="userId" reference="users" />
        <SelectField source="kind" choices={BONUS_KINDS} />
        <NumberField source="amount" locales="ru-RU" />
        <ReferenceField source="orderId" reference="orders" />
        <DateField source="expiresAt" showTime locales="ru-RU" options={moscowDateTime} />
        <TextField source="reason" />
      </Datagrid>
    </List>
  );
}
