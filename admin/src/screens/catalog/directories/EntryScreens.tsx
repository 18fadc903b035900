// A directory entry: code, title, order, "active" and its values, one input per field of its directory
// (text, number, yes/no, colour, image). At /nuxt/directories/{id}/{entry id} (spec), and behind the
// directory-entries resource's own create and edit (x-components). The server checks the values again.
import { useParams } from 'react-router-dom';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  Loading,
  NumberInput,
  ReferenceInput,
  ResourceContextProvider,
  SimpleForm,
  TextInput,
  useGetOne,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import type { Directory, DirectoryField } from '@shop/schemas/generated/types';
import { DirectoryEntryInputSchema } from '@shop/schemas/generated/zod';
import { ImageInput } from '../../../fields';
import { HistoryAside } from '../../../history';
import { inputTransform } from '../../../input';
import { zodValidator } from '../../../validation';

const RESOURCE = 'directory-entries';
const toInput = inputTransform({
  directoryId: {},
  code: {},
  title: {},
  sortOrder: {},
  active: {},
  values: {},
});
const validate = zodValidator(DirectoryEntryInputSchema, toInput);

const COLOUR = /^#[0-9a-fA-F]{6}$/;

// The form validates with the entity's zod schema, which knows nothing of the directory's fields: the
// server checks the values against them and its message lands on each input (values.<code>).
function ValueInput({ field }: { field: DirectoryField }) {
  const source = `values.${field.code}`;
  const label = field.required ? `${field.title} *` : field.title;
  const common = { source, label };
  switch (field.type) {
    case 'number':
      return <NumberInput {...common} />;
    case 'boolean':
      return <BooleanInput source={source} label={label} />;
    case 'color':
      return <ColourInput {...common} />;
    case 'image':
      return <ImageInput source={source} label={label} />;
    default:
      return <TextInput {...common} fullWidth />;
  }
}

function ColourInput(props: { source: string; label: string }) {
  const value = useWatch({ name: props.source }) as unknown;
  const swatch = typeof value === 'string' && COLOUR.test(value) ? value : 'transparent';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <TextInput {...props} placeholder="#1a2b3c" helperText="Цвет в виде #RRGGBB" />
      <Box
        aria-hidden
        sx={{ width: 32, height: 32, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: swatch }}
      />
    </Box>
  );
}

/** The inputs of the values, from the fields of the entry's directory (chosen in the form). */
function ValuesInputs() {
  const directoryId = useWatch({ name: 'directoryId' }) as number | undefined;
  const { data: directory, isPending } = useGetOne<Directory>(
    'directories',
    { id: directoryId! },
    { enabled: typeof directoryId === 'number' },
  );
  if (typeof directoryId !== 'number') return null;
  if (isPending) return <Loading />;
  const fields = [...(directory?.fields ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h6" sx={{ mt: 2 }}>
        Значения полей
      </Typography>
      {fields.length === 0 ? (
        <Typography color="text.secondary">
          В справочнике «{directory?.title}» нет полей: у записи только код и название.
        </Typography>
      ) : (
        fields.map((f) => <ValueInput key={f.id} field={f} />)
      )}
    </Box>
  );
}

function EntryForm() {
  return (
    <SimpleForm validate={validate} warnWhenUnsavedChanges>
      <ReferenceInput source="directoryId" reference="directories">
        <AutocompleteInput isRequired />
      </ReferenceInput>
      <TextInput source="code" isRequired />
      <TextInput source="title" isRequired fullWidth />
      <NumberInput source="sortOrder" defaultValue={0} />
      <BooleanInput source="active" defaultValue={true} />
      <ValuesInputs />
    </SimpleForm>
  );
}

/** Back to the directory's screen, where the entry is listed. */
const toDirectory = (_resource?: string, _id?: unknown, data?: Partial<RaRecord>) =>
  data?.directoryId ? `directories/${String(data.directoryId)}` : RESOURCE;

export function EntryCreate() {
  return (
    <Create transform={toInput} redirect={toDirectory}>
      <EntryForm />
    </Create>
  );
}

export function EntryEdit() {
  return (
    <Edit transform={toInput} mutationMode="pessimistic" redirect={toDirectory}>
      <EntryForm />
    </Edit>
  );
}

function EntryOfDirectoryCheck({ directoryId }: { directoryId: string }) {
  const record = useRecordContext<{ directoryId: number }>();
  if (record && String(record.directoryId) !== directoryId)
    return <Typography color="error">Эта запись относится к другому справочнику</Typography>;
  return null;
}

/** /nuxt/directories/{id}/{directoryid}: entry {directoryid} of directory {id}. */
export function DirectoryEntryEdit() {
  const { id = '', directoryid = '' } = useParams<{ id: string; directoryid: string }>();
  return (
    <ResourceContextProvider value={RESOURCE}>
      <Edit
        resource={RESOURCE}
        id={directoryid}
        transform={toInput}
        mutationMode="pessimistic"
        redirect={toDirectory}
        aside={<HistoryAside />}
      >
        <EntryOfDirectoryCheck directoryId={id} />
        <EntryForm />
      </Edit>
    </ResourceContextProvider>
  );
}
