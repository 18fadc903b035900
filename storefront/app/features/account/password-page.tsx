import type { Route } from '../../routes/+types/profile.change-pass';
import { PasswordForm } from './PasswordForm';
import { ProfilePage } from './ProfilePage';
import { accountMeta } from './account';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Смена пароля', '/profile/change-pass', matches);

/** /profile/change-pass: current password, the new one twice. */
export default function ProfileChangePass() {
  return (
    <ProfilePage title="Смена пароля">
      <PasswordForm />
    </ProfilePage>
  );
}
