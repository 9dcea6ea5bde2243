import { useTranslation } from 'react-i18next';
import { STAFF_PAGE_SIZE_DEFAULT, type StaffAppeal } from '../../../contract/staff.ts';
import { decideAppeal, fetchPendingAppeals } from '../../api/staff.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AccountSummary } from './AccountSummary.tsx';
import { ListStatus } from './ListStatus.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import { StaffTime } from './StaffTime.tsx';
import { useStaffList } from './useStaffList.ts';

/** Pending appeals, oldest first: the message and its file; lift the suspension or keep it. */
export function AppealsPanel() {
  const { t } = useTranslation();
  const { page, setPage, state, retry, reload } = useStaffList(fetchPendingAppeals);
  return (
    <section aria-labelledby="staff-appeals-heading" className="space-y-4">
      <h2 id="staff-appeals-heading" className="text-xl font-semibold">
        {t('staff.appeals.heading')}
      </h2>
      <ListStatus state={state} retry={retry} loadingLabel={t('staff.appeals.loading')} />
      {state.status === 'success' && state.data.items.length === 0 && <EmptyState title={t('staff.appeals.empty')} headingLevel={3} />}
      {state.status === 'success' && (
        <>
          <ul className="space-y-4">
            {state.data.items.map((appeal) => (
              <li key={appeal.account.uuid}>
                <AppealCard appeal={appeal} onDone={reload} />
              </li>
            ))}
          </ul>
          <Pagination page={page} total={state.data.total} perPage={STAFF_PAGE_SIZE_DEFAULT} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function AppealCard({ appeal, onDone }: { appeal: StaffAppeal; onDone: () => void }) {
  const { t } = useTranslation();
  const subject = `@${appeal.account.username}`;
  return (
    <article aria-label={t('staff.appeals.of', { subject })} className="space-y-3 rounded-xl border p-4">
      <AccountSummary account={appeal.account} />
      <p className="text-xs text-muted-foreground">
        {t('staff.appeals.sent')} <StaffTime iso={appeal.createdAt} />
      </p>
      <blockquote dir="auto" className="border-s-4 ps-3 whitespace-pre-wrap">{appeal.message}</blockquote>
      {appeal.fileUrl ? (
        <a href={appeal.fileUrl} target="_blank" rel="noreferrer" className="text-sm underline">
          {t('staff.appeals.file')}
        </a>
      ) : (
        <p className="text-sm text-muted-foreground">{t('staff.appeals.noFile')}</p>
      )}
      <ReasonForm
        subject={subject}
        actions={[
          { action: 'lift', label: t('staff.appeals.lift'), variant: 'default' },
          { action: 'keep', label: t('staff.appeals.keep'), variant: 'destructive' },
        ]}
        onSubmit={async (decision, reason) => {
          await decideAppeal(appeal.account.uuid, decision, reason);
          onDone();
        }}
      />
    </article>
  );
}
