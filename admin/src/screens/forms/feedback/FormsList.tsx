// /nuxt/forms-list (and the feedback resource's list): call-back and message requests from the site, newest
// first, filtered by kind and by whether they are processed; the manager flips "Обработана" in the row.
import {
  Datagrid,
  DateField,
  List,
  NullableBooleanInput,
  Pagination,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  usePermissions,
} from 'react-admin';
import { canRoleAccess } from '../../../access';
import { dateRangeFilters, moscowDateTime } from '../../../fields';
import { ListActions, useRowClick } from '../../../list';
import { ProcessedToggle } from './ProcessedToggle';

export const FEEDBACK_KINDS = [
  { id: 'call', name: 'Обратный звонок' },
  { id: 'message', name: 'Сообщение' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" label="Тип" choices={FEEDBACK_KINDS} alwaysOn />,
  <NullableBooleanInput key="processed" source="processed" label="Обработана" alwaysOn />,
  ...dateRangeFilters('createdAt', 'Получена с', 'Получена по'),
];

export function FormsList() {
  const rowClick = useRowClick();
  const { permissions } = usePermissions<string>();
  const canEdit = canRoleAccess(permissions, 'feedback', 'edit');
  return (
    <List
      resource="feedback"
      title="Заявки с сайта"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      actions={<ListActions />}
    >
      <Datagrid rowClick={rowClick} bulkActionButtons={false}>
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="ru-RU" options={moscowDateTime} />
        <SelectField source="kind" choices={FEEDBACK_KINDS} />
        <TextField source="name" />
        <TextField source="phone" />
        <TextField source="email" />
        <TextField source="message" sortable={false} />
        <ProcessedToggle label="Обработана" disabled={!canEdit} />
        <DateField source="processedAt" showTime locales="ru-RU" options={moscowDateTime} />
        {/* Staff accounts are visible to the administrator only (users' x-access.rows). */}
        {permissions === 'admin' ? (
          <ReferenceField source="processedById" reference="users" link={false} sortable={false} />
        ) : null}
      </Datagrid>
    </List>
  );
}
