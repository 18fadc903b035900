import { FormField, type FormFieldProps } from '../../ui/FormField';

/** A field of the feedback dialogs: every one is required; the account forms' field in the dialogs' look. */
export function Field(props: Omit<FormFieldProps, 'required' | 'block'>) {
  return <FormField {...props} required block="feedback-field" />;
}
