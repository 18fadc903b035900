// /nuxt/directories/{id}: a directory's own settings, its fields (edited at /{id}/createFields) and the
// list of its entries, each opening at /nuxt/directories/{id}/{entry id}.
import { Link as RouterLink } from 'react-router-dom';
import {
  BooleanField,
  BooleanInput,
  Button,
  Datagrid,
  Edit,
  FunctionField,
  NumberInput,
  ReferenceManyField,
  SimpleForm,
  TextField,
  TextInput,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import { Box, Card, CardContent, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import TuneIcon from '@mui/icons-material/Tune';
import type { Directory, DirectoryEntry } from '@shop/schemas/generated/types';
import { DirectoryInputSchema } from '@shop/schemas/generated/zod';
import { inputTransform } from '../../../input';
import { zodValidator } from '../../../validation';
import { FIELD_TYPE_LABELS } from './field-types';

/** The settings only: the fields are kept as they are (they are edited on their own screen). */
const toInput = inputTransform({
  title: {},
  code: {},
  description: { nullable: true },
  unit: { nullable: true },
  useInOffers: {},
  useInFilter: {},
  sortOrder: {},
  active: {},
});
const validate = zodValidator(DirectoryInputSchema, toInput);

export function DirectoryEditWithEntries() {
  return (
    <Edit transform={toInput} mutationMode="pessimistic" redirect={false}>
      <SimpleForm validate={validate} warnWhenUnsavedChanges>
        <TextInput source="title" isRequired fullWidth />
        <TextInput source="code" isRequired />
        <TextInput source="description" multiline minRows={2} fullWidth />
        <TextInput
          source="unit"
          helperText="Например «мм» или «мл»: в фиде для Яндекс Маркета значение идёт без неё, а единица — отдельно"
        />
        <BooleanInput source="useInOffers" />
        <BooleanInput source="useInFilter" />
        <NumberInput source="sortOrder" />
        <BooleanInput source="active" />
      </SimpleForm>
      <DirectoryFieldsSummary />
      <DirectoryEntries />
    </Edit>
  );
}

function DirectoryFieldsSummary() {
  const record = useRecordContext<Directory>();
  const { canAccess: canEdit } = useCanAccess({ resource: 'directories', action: 'edit' });
  if (!record) return null;
  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <CardContent>
        <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1 }}>
          <Typography variant="h6">Поля записей</Typography>
          {canEdit ? (
            <Button
              component={RouterLink}
              to={`/directories/${record.id}/createFields`}
              label="Настроить поля"
              startIcon={<TuneIcon />}
            />
          ) : null}
        </Stack>
        {record.fields.length === 0 ? (
          <Typography color="text.secondary">У записей только код и название</Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {record.fields.map((f) => (
              <Chip
                key={f.id}
                label={`${f.title} (${f.code}): ${FIELD_TYPE_LABELS[f.type]}${f.required ? ', обязательное' : ''}`}
              />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function DirectoryEntries() {
  const record = useRecordContext<Directory>();
  const { canAccess: canCreate } = useCanAccess({ resource: 'directory-entries', action: 'create' });
  if (!record) return null;
  const createUrl = `/directory-entries/create?source=${encodeURIComponent(JSON.stringify({ directoryId: record.id }))}`;
  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <CardContent>
        <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1 }}>
          <Typography variant="h6">Записи</Typography>
          {canCreate ? (
            <Button component={RouterLink} to={createUrl} label="Добавить запись" startIcon={<AddIcon />} />
          ) : null}
        </Stack>
        <ReferenceManyField
          reference="directory-entries"
          target="directoryId"
          sort={{ field: 'sortOrder', order: 'ASC' }}
          perPage={1000}
        >
          <Datagrid
            bulkActionButtons={false}
            rowClick={(id) => `/directories/${record.id}/${id}`}
            empty={<Typography color="text.secondary">Записей пока нет</Typography>}
          >
            <TextField source="code" />
            <FunctionField<DirectoryEntry>
              source="title"
              render={(entry) => (
                <MuiLink component={RouterLink} to={`/directories/${record.id}/${entry.id}`}>
                  {entry.title}
                </MuiLink>
              )}
            />
            <TextField source="sortOrder" />
            <BooleanField source="active" />
          </Datagrid>
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
}
