// Shared widgets and helpers of the generated admin screens (admin/generated/screens/*.tsx).
export { MoneyField } from './MoneyField';
export { MoneyInput } from './MoneyInput';
export { PercentField } from './PercentField';
export { PercentInput } from './PercentInput';
export { UnitField } from './UnitField';
export { UnitInput } from './UnitInput';
export { SecretKeysInput } from './SecretKeysInput';
export { ImageInput } from './ImageInput';
export { ImagesInput } from './ImagesInput';
export { RichTextInput } from './RichTextInput';
export { SlugInput } from './SlugInput';
export { ImagePreviewField } from './ImagePreviewField';
export { JsonField } from './JsonField';
export { JsonInput } from './JsonInput';
export { ChoicesArrayField, type Choice } from './ChoicesArrayField';
export { LabelledTextField } from './LabelledTextField';
export { BufferedTextInput } from './BufferedTextInput';
export { dateRangeFilters } from './dateRangeFilters';
export { recordTemplate } from './representation';
export {
  calendarDate,
  isoToMoscowDate,
  isoToMoscowLocal,
  moscowDateTime,
  moscowDayEnd,
  moscowDayStart,
  moscowLocalToIso,
} from './dates';
export { thumbnail } from './styles';
export { useFieldWritable, WritableBy } from './WritableBy';
