// The kinds of value a directory field holds (directories.schema.json, fields.type), in Russian.
import type { DirectoryField } from '@shop/schemas/generated/types';

export const FIELD_TYPE_LABELS: Record<DirectoryField['type'], string> = {
  string: 'Строка',
  number: 'Число',
  boolean: 'Да/нет',
  color: 'Цвет',
  image: 'Изображение',
};

export const FIELD_TYPE_CHOICES = Object.entries(FIELD_TYPE_LABELS).map(([id, name]) => ({ id, name }));
