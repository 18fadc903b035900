import type { Route } from '../../routes/+types/profile.subscriptions';
import { ProfilePage } from './ProfilePage';
import { SubscriptionsForm } from './SubscriptionsForm';
import { accountMeta } from './account';

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
