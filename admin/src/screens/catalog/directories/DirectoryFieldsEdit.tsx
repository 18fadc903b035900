// /nuxt/directories/{id}/createFields: the fields every entry of the directory has (string, number,
// yes/no, colour, image), with code, title, "required" and order. Saved as the directory's child rows;
// the server refuses two fields with one code.
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  ArrayInput,
  BooleanInput,
  Button,
  Edit,
  NumberInput,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Directory } from '@shop/schemas/generated/types';
import { DirectoryPatchSchema } from '@shop/schemas/generated/zod';
import { inputTransform } from '../../../input';
import { zodValidator } from '../../../validation';
import { FIELD_TYPE_CHOICES } from './field-types';

const toInput = inputTransform({
  fields: { items: { id: {}, code: {}, title: {}, type: {}, required: {}, sortOrder: {} } },
});
const validate = zodValidator(DirectoryPatchSchema, toInput);

function Heading() {
  const record = useRecordContext<Directory>();
  return record ? (
    <Typography variant="h6" sx={{ mb: 1 }}>
      Поля записей справочника «{record.title}»
    </Typography>
  ) : null;
}

/** Save, and back to the directory: no "Удалить" here, it would delete the whole directory. */
function FieldsToolbar({ directoryId }: { directoryId: string }) {
  return (
    <Toolbar>
      <SaveButton />
      <Button
        component={RouterLink}
        to={`/directories/${directoryId}`}
        label="К справочнику"
        startIcon={<ArrowBackIcon />}
        sx={{ ml: 2 }}
      />
    </Toolbar>
  );
}

export function DirectoryFieldsEdit() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <ResourceContextProvider value="directories">
      <Edit
        resource="directories"
        id={id}
        transform={toInput}
        mutationMode="pessimistic"
        redirect={() => `directories/${id}`}
        title="Поля записей"
      >
        <SimpleForm validate={validate} toolbar={<FieldsToolbar directoryId={id} />} warnWhenUnsavedChanges>
          <Heading />
          <ArrayInput source="fields" label="Поля">
            <SimpleFormIterator inline>
              <TextInput source="code" isRequired helperText="Латиница: hex, logo" />
              <TextInput source="title" isRequired />
              <SelectInput source="type" choices={FIELD_TYPE_CHOICES} defaultValue="string" />
              <BooleanInput source="required" defaultValue={false} />
              <NumberInput source="sortOrder" defaultValue={0} />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleForm>
      </Edit>
    </ResourceContextProvider>
  );
}
