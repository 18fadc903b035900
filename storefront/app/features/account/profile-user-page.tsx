import type { Route } from '../../routes/+types/profile.user';
import { ProfilePage } from './ProfilePage';
import { UserForm } from './UserForm';
import { accountMeta } from './account';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Личные данные', '/profile/user', matches);

/** /profile/user: name, e-mail, phone and birthday. */
export default function ProfileUser({ loaderData }: Route.ComponentProps) {
  return (
    <ProfilePage title="Личные данные">
      <UserForm profile={loaderData.profile} />
    </ProfilePage>
  );
}
