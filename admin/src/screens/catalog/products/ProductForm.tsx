// Create and edit a product (x-components of products.schema.json): the generated tabs, pictures with
// upload, and the offers as a table with a generator instead of a box of JSON.
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  TabbedForm,
  TextInput,
  useGetList,
} from 'react-admin';
import type { Directory } from '@shop/schemas/generated/types';
import { ProductInputSchema } from '@shop/schemas/generated/zod';
import { useFieldWritable } from '../../../fields';
import { ImagePreviewField } from '../../../fields/ImagePreviewField';
import { ImagesInput } from '../../../fields/ImagesInput';
import { RichTextInput } from '../../../fields/RichTextInput';
import { SlugInput } from '../../../fields/SlugInput';
import { inputTransform } from '../../../input';
import { zodValidator } from '../../../validation';
import { OffersInput } from './OffersInput';
import { EditActions } from '../../../EditActions';

const pick = inputTransform({
  title: {},
  slug: {},
  categoryIds: {},
  brandId: { nullable: true },
  shortDescription: { nullable: true },
  description: { nullable: true },
  images: { items: { url: {}, alt: { nullable: true } } },
  active: {},
  isNew: {},
  isHit: {},
  sortOrder: {},
  seoTitle: { nullable: true },
  seoDescription: { nullable: true },
  offers: {
    items: {
      id: {},
      article: {},
      attributes: {},
      basePrice: {},
      salePrice: { nullable: true },
      stock: {},
      weight: { nullable: true },
      active: {},
    },
  },
});

/** A characteristic left at "—" is no characteristic: it is not stored as an empty string. */
function withoutEmptyAttributes(attributes: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries((attributes ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
    ),
  );
}

export function toProductInput(values: Record<string, unknown>) {
  const input = pick(values);
  if (Array.isArray(input.offers)) {
    input.offers = (input.offers as Record<string, unknown>[]).map((o) => ({
      ...o,
      attributes: withoutEmptyAttributes(o.attributes),
    }));
  }
  return input;
}

const validate = zodValidator(ProductInputSchema, toProductInput);

/** The brand is an entry of the directory with the code "brand": only its entries are offered. */
function BrandInput({ readOnly }: { readOnly: boolean }) {
  const { data } = useGetList<Directory>('directories', {
    filter: { q: 'brand' },
    pagination: { page: 1, perPage: 50 },
  });
  const brand = data?.find((d) => d.code === 'brand');
  return (
    <ReferenceInput
      source="brandId"
      reference="directory-entries"
      filter={brand ? { directoryId: brand.id } : {}}
      perPage={200}
    >
      <AutocompleteInput label="Бренд" readOnly={readOnly} />
    </ReferenceInput>
  );
}

function ProductForm() {
  // Texts and pictures are the content editor's (x-access.write): a manager sees them read-only.
  const may = useFieldWritable('products');
  const fixed = (field: string) => (may(field) ? {} : { readOnly: true });
  return (
    <TabbedForm validate={validate} warnWhenUnsavedChanges>
      <TabbedForm.Tab label="Основное">
        <TextInput source="title" isRequired fullWidth {...fixed('title')} />
        <SlugInput
          {...fixed('slug')}
          source="slug"
          isRequired
          helperText="Латиница, цифры и дефисы: адрес страницы товара; заполняется из названия"
        />
        <ReferenceArrayInput source="categoryIds" reference="product-categories" perPage={1000}>
          <AutocompleteArrayInput fullWidth {...fixed('categoryIds')} />
        </ReferenceArrayInput>
        <BrandInput readOnly={!may('brandId')} />
        <TextInput source="shortDescription" multiline minRows={3} fullWidth {...fixed('shortDescription')} />
        <RichTextInput source="description" {...fixed('description')} />
        <BooleanInput source="active" defaultValue={true} />
        <BooleanInput source="isNew" defaultValue={false} />
        <BooleanInput source="isHit" defaultValue={false} />
        <NumberInput source="sortOrder" defaultValue={0} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Изображения">
        {may('images') ? <ImagesInput source="images" withAlt /> : <ImagePreviewField source="images" />}
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Варианты">
        <OffersInput />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="SEO">
        <TextInput source="seoTitle" fullWidth {...fixed('seoTitle')} />
        <TextInput source="seoDescription" multiline minRows={3} fullWidth {...fixed('seoDescription')} />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

export function ProductCreateWithOffers() {
  return (
    <Create transform={toProductInput} redirect="edit">
      <ProductForm />
    </Create>
  );
}

export function ProductEditWithOffers() {
  return (
    <Edit transform={toProductInput} mutationMode="pessimistic" actions={<EditActions />}>
      <ProductForm />
    </Edit>
  );
}
