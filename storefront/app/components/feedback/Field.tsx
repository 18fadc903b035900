import { ProfileField, type ProfileFieldProps } from '../profile/ProfileField';

/** A field of the feedback dialogs: every one is required; the account forms' field in the dialogs' look. */
export function Field(props: Omit<ProfileFieldProps, 'required' | 'block'>) {
  return <ProfileField {...props} required block="feedback-field" />;
}
