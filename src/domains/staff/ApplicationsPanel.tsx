import { useTranslation } from 'react-i18next';
import type { StaffApplication } from '../../../contract/monetization.ts';
import { STAFF_PAGE_SIZE_DEFAULT } from '../../../contract/staff.ts';
import { decideApplication, fetchPendingApplications } from '../../api/monetization.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AccountSummary } from './AccountSummary.tsx';
import { ListStatus } from './ListStatus.tsx';
import { PayoutMethodSummary } from './PayoutMethodSummary.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import { StaffTime } from './StaffTime.tsx';
import { useStaffList } from './useStaffList.ts';

/** Pending monetization applications, oldest first: approve, or reject with the reason the creator will read. */
export function ApplicationsPanel() {
  const { t } = useTranslation();
  const { page, setPage, state, retry, reload } = useStaffList(fetchPendingApplications);
  return (
    <section aria-labelledby="staff-applications-heading" className="space-y-4">
      <h2 id="staff-applications-heading" className="text-xl font-semibold">
        {t('staff.monetization.applications.heading')}
      </h2>
      <ListStatus state={state} retry={retry} loadingLabel={t('staff.monetization.applications.loading')} />
      {state.status === 'success' && state.data.items.length === 0 && <EmptyState title={t('staff.monetization.applications.empty')} headingLevel={3} />}
      {state.status === 'success' && (
        <>
          <ul className="space-y-4">
            {state.data.items.map((application) => (
              <li key={application.account.uuid}>
                <ApplicationCard application={application} onDone={reload} />
              </li>
            ))}
          </ul>
          <Pagination page={page} total={state.data.total} perPage={STAFF_PAGE_SIZE_DEFAULT} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function ApplicationCard({ application, onDone }: { application: StaffApplication; onDone: () => void }) {
  const { t } = useTranslation();
  const subject = `@${application.account.username}`;
  return (
    <article aria-label={t('staff.monetization.applications.of', { subject })} className="space-y-3 rounded-xl border p-4">
      <AccountSummary account={application.account} />
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{t('staff.monetization.applications.legalName')}</dt>
        <dd>{application.legalName}</dd>
        <dt className="font-medium">{t('staff.monetization.applications.country')}</dt>
        <dd>{application.country}</dd>
        <dt className="font-medium">{t('staff.monetization.method')}</dt>
        <dd>
          <PayoutMethodSummary method={application.payoutMethod} />
        </dd>
        <dt className="font-medium">{t('staff.monetization.applications.campaigns')}</dt>
        <dd>
          <ul>
            {application.campaigns.map((campaign) => (
              <li key={campaign.uri}>
                <a href={`/${campaign.uri}`} target="_blank" rel="noreferrer" className="underline">
                  {campaign.title}
                </a>
              </li>
            ))}
          </ul>
        </dd>
        <dt className="font-medium">{t('staff.monetization.applications.sent')}</dt>
        <dd>
          <StaffTime iso={application.submittedAt} />
        </dd>
      </dl>
      <ReasonForm
        subject={subject}
        actions={[
          { action: 'approve', label: t('staff.monetization.applications.approve'), variant: 'default' },
          { action: 'reject', label: t('staff.monetization.applications.reject'), variant: 'destructive' },
        ]}
        onSubmit={async (decision, reason) => {
          await decideApplication(application.account.uuid, decision, reason);
          onDone();
        }}
      />
    </article>
  );
}
