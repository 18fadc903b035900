import type { Route } from '../../routes/+types/profile.company';
import { CompanyForm } from './CompanyForm';
import { ProfilePage } from './ProfilePage';
import { accountMeta } from './account';

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
