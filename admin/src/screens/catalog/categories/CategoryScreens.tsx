// The category screens at the spec's addresses, where {name} is the category's slug:
// /nuxt/product-categories/create, /nuxt/product-categories/{name} and /nuxt/product-categories/{name}/edit.
// An address with the numeric id (react-admin's reference links) still finds the category.
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Create,
  DateField,
  Edit,
  EditButton,
  Loading,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  ResourceContextProvider,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useGetList,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { Typography } from '@mui/material';
import type { ProductCategory } from '@shop/schemas/generated/types';
import { ProductCategoryInputSchema } from '@shop/schemas/generated/zod';
import { ImageInput, ImagePreviewField, moscowDateTime, SlugInput } from '../../../fields';
import { EditActions } from '../../../EditActions';
import { HistoryAside } from '../../../history';
import { inputTransform } from '../../../input';
import { zodValidator } from '../../../validation';

const RESOURCE = 'product-categories';

const toInput = inputTransform({
  title: {},
  slug: {},
  parentId: { nullable: true },
  description: { nullable: true },
  imageUrl: { nullable: true },
  sortOrder: {},
  active: {},
  seoTitle: { nullable: true },
  seoDescription: { nullable: true },
});
const validate = zodValidator(ProductCategoryInputSchema, toInput);

/** After a save, the category's own address (by its slug, which the form may have changed). */
const toCategory = (_resource?: string, _id?: unknown, data?: Partial<RaRecord>) =>
  data?.slug ? `product-categories/${String(data.slug)}` : 'product-categories';

function CategoryForm() {
  return (
    <SimpleForm validate={validate} warnWhenUnsavedChanges>
      <TextInput source="title" isRequired fullWidth />
      <SlugInput
        source="slug"
        isRequired
        helperText="Латиница, цифры и дефисы: используется в адресе страницы; заполняется из названия"
      />
      {/* Two levels: only a top-level category can be a parent. */}
      <ReferenceInput source="parentId" reference={RESOURCE} filter={{ parentId: null }} perPage={1000}>
        <AutocompleteInput helperText="Пусто — категория верхнего уровня" />
      </ReferenceInput>
      <TextInput source="description" multiline minRows={3} fullWidth />
      <ImageInput source="imageUrl" />
      <NumberInput source="sortOrder" defaultValue={0} />
      <BooleanInput source="active" defaultValue={true} />
      <TextInput source="seoTitle" fullWidth />
      <TextInput source="seoDescription" multiline minRows={3} fullWidth />
    </SimpleForm>
  );
}

export function CategoryCreate() {
  return (
    <ResourceContextProvider value={RESOURCE}>
      <Create resource={RESOURCE} transform={toInput} redirect={toCategory}>
        <CategoryForm />
      </Create>
    </ResourceContextProvider>
  );
}

/** The category named by the address: its slug, or its id. */
function useCategoryByName(): { id: number | null; isPending: boolean } {
  const params = useParams<{ name?: string; id?: string }>();
  const name = params.name ?? params.id ?? '';
  const { data, isPending } = useGetList<ProductCategory>(RESOURCE, {
    filter: { q: name },
    pagination: { page: 1, perPage: 100 },
  });
  const bySlug = data?.find((c) => c.slug === name);
  const id = bySlug?.id ?? (/^\d+$/.test(name) ? Number(name) : null);
  return { id, isPending };
}

function ByName({ children }: { children: (id: number) => ReactNode }) {
  const { id, isPending } = useCategoryByName();
  if (isPending) return <Loading />;
  if (id === null) return <Typography sx={{ p: 2 }}>Категория не найдена</Typography>;
  return <ResourceContextProvider value={RESOURCE}>{children(id)}</ResourceContextProvider>;
}

export function CategoryEditByName() {
  return (
    <ByName>
      {(id) => (
        <Edit
          resource={RESOURCE}
          id={id}
          transform={toInput}
          mutationMode="pessimistic"
          redirect={toCategory}
          aside={<HistoryAside />}
          actions={<EditActions />}
        >
          <CategoryForm />
        </Edit>
      )}
    </ByName>
  );
}

function CategoryShowActions() {
  const record = useRecordContext<ProductCategory>();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  if (!record || !canAccess) return null;
  return (
    <TopToolbar>
      <EditButton to={`/product-categories/${record.slug}/edit`} />
    </TopToolbar>
  );
}

export function CategoryShowByName() {
  return (
    <ByName>
      {(id) => (
        <Show resource={RESOURCE} id={id} actions={<CategoryShowActions />}>
          <SimpleShowLayout>
            <TextField source="title" />
            <TextField source="slug" />
            <ReferenceField source="parentId" reference={RESOURCE} link={false} emptyText="Верхний уровень" />
            <TextField source="description" sx={{ whiteSpace: 'pre-wrap' }} />
            <ImagePreviewField source="imageUrl" />
            <BooleanField source="active" />
            <TextField source="seoTitle" />
            <TextField source="seoDescription" />
            <DateField source="updatedAt" showTime locales="ru-RU" options={moscowDateTime} />
          </SimpleShowLayout>
        </Show>
      )}
    </ByName>
  );
}
