import { useContext, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FormField, type FormFieldProps } from '../../ui/FormField';
import { PhoneInput } from '../../ui/MaskedInput';
import { FeedbackFieldsContext } from './FeedbackForm';

interface FieldProps {
  /** The field's name in the request and in the form's messages; its id is the form's id and this. */
  name: string;
  label: string;
  hint?: ReactNode;
  /** The stock notice asks an e-mail or a phone: neither is marked required. */
  optional?: boolean;
}

/**
 * The field block of the feedback dialogs (label, control, message or hint under it), the account forms'
 * field in the dialogs' look; its id and message come from the surrounding FeedbackForm.
 */
export function Field({
  name,
  label,
  hint,
  optional,
  children,
}: FieldProps & Pick<FormFieldProps, 'children'>) {
  const { id, errors } = useContext(FeedbackFieldsContext);
  return (
    <FormField
      id={`${id}-${name}`}
      label={label}
      error={errors[name]}
      hint={hint}
      required={!optional}
      block="feedback-field"
    >
      {children}
    </FormField>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className'> & {
  'data-autofocus'?: boolean;
};

/** A one-line field: the input takes every attribute given besides the block's own. */
export function FeedbackField({ name, label, hint, optional, ...input }: FieldProps & InputProps) {
  return (
    <Field name={name} label={label} hint={hint} optional={optional}>
      {(control) => <input {...control} name={name} {...input} />}
    </Field>
  );
}

/** The phone with its mask, +7 (000) 000-00-00. */
export function FeedbackPhoneField({
  label,
  optional,
  value,
  onValueChange,
}: Omit<FieldProps, 'name' | 'hint'> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <Field name="phone" label={label} optional={optional}>
      {(control) => <PhoneInput {...control} name="phone" value={value} onValueChange={onValueChange} />}
    </Field>
  );
}

/** A text of several lines with the count of its characters under it, marked when over the limit. */
export function FeedbackTextArea({
  name,
  label,
  max,
  value,
  ...area
}: Omit<FieldProps, 'hint' | 'optional'> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'className' | 'value'> & {
    max: number;
    value: string;
  }) {
  const used = value.trim().length;
  return (
    <Field
      name={name}
      label={label}
      hint={
        <span className={used > max ? 'feedback-field__over' : undefined}>
          {used} из {max} символов
        </span>
      }
    >
      {(control) => (
        <textarea
          {...control}
          name={name}
          value={value}
          {...area}
          className={`${control.className} feedback-field__input--area`}
        />
      )}
    </Field>
  );
}
