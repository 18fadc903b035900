import type { Route } from './+types/profile.company';
import { CompanyForm } from '../components/profile/CompanyForm';
import { ProfilePage } from '../components/profile/ProfilePage';
import { accountMeta } from '../components/profile/account';
import { account } from '../components/profile/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  return { company: await api.profile.company() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Реквизиты организации', '/profile/company', matches);

/** /profile/company: the organisation for invoices and closing documents. */
export default function ProfileCompany({ loaderData }: Route.ComponentProps) {
  return (
    <ProfilePage title="Реквизиты организации">
      <p className="profile-page__lead">
        Укажите реквизиты, если покупаете для организации или ИП: они попадут в счёт и закрывающие документы.
      </p>
      <CompanyForm company={loaderData.company} />
    </ProfilePage>
  );
}
