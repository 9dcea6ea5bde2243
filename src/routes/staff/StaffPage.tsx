import { useTranslation } from 'react-i18next';
import { fetchIsStaff } from '../../api/staff.ts';
import { useAsync } from '../../api/useAsync.ts';
import { StaffConsole } from '../../domains/staff/public.ts';
import NotFoundPage from '../../ui/NotFoundPage.tsx';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/** /staff — the staff console; to anyone who is not staff (signed out included) it is the not-found page. */
export default function StaffPage() {
  const { t } = useTranslation();
  const [state] = useAsync((signal) => fetchIsStaff(signal), []);
  if (state.status === 'loading') return <Spinner label={t('staff.checking')} busy className="mx-auto my-16" />;
  if (state.status === 'error' || !state.data) return <NotFoundPage />;
  return (
    <PageContainer route="staff" className="max-w-5xl space-y-6">
      <h1 className="text-3xl font-bold">{t('staff.title')}</h1>
      <StaffConsole />
    </PageContainer>
  );
}
