// /nuxt/forms-list (and the feedback resource's list): call-back, message and «Стать представителем» requests
// from the site, newest first, filtered by kind and by whether they are processed; the manager flips
// "Обработана" in the row. The kinds and their labels come from the schema (feedback.schema.json).
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
import feedbackSchema from '@shop/schemas/entities/forms/feedback.schema.json';
import { canRoleAccess } from '../../../access';
import { dateRangeFilters, moscowDateTime } from '../../../fields';
import { ListActions, useRowClick } from '../../../list';
import { ProcessedToggle } from './ProcessedToggle';

const kind = feedbackSchema.properties.kind;
export const FEEDBACK_KINDS = kind.enum.map((id) => ({
  id,
  name: (kind['x-enum-labels'] as Record<string, string>)[id] ?? id,
}));

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
        <TextField source="city" />
        <TextField source="message" sortable={false} />
        <TextField source="experience" sortable={false} />
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
