import type { Route } from './+types/profile.subscriptions';
import { ProfilePage } from '../components/profile/ProfilePage';
import { SubscriptionsForm } from '../components/profile/SubscriptionsForm';
import { accountMeta } from '../components/profile/account';
import { account } from '../components/profile/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  const [state, profile] = await Promise.all([api.profile.subscriptions(), api.profile.get()]);
  return { state, email: profile.email };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Подписки', '/profile/subscriptions', matches);

/** /profile/subscriptions: news and offers by e-mail and by SMS. */
export default function ProfileSubscriptions({ loaderData }: Route.ComponentProps) {
  return (
    <ProfilePage title="Подписки">
      <SubscriptionsForm state={loaderData.state} email={loaderData.email} />
    </ProfilePage>
  );
}
