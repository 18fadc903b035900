import type { Route } from './+types/profile.user';
import { ProfilePage } from '../components/profile/ProfilePage';
import { UserForm } from '../components/profile/UserForm';
import { accountMeta } from '../components/profile/account';
import { account } from '../components/profile/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  return { profile: await api.profile.get() };
}

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
