import type { Route } from './+types/profile.change-pass';
import { PasswordForm } from '../components/profile/PasswordForm';
import { ProfilePage } from '../components/profile/ProfilePage';
import { accountMeta } from '../components/profile/account';
import { account } from '../components/profile/account.server';

// Nothing to read: the loader only sends a guest to sign in (the layout does too; a page does not rely on it).
export async function loader(args: Route.LoaderArgs) {
  await account(args);
  return null;
}

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
