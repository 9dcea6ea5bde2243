import { useTranslation } from 'react-i18next';
import { STAFF_PAGE_SIZE_DEFAULT, type StaffReportGroup } from '../../../contract/staff.ts';
import { fetchStaffReports, moderateTarget, type ModerationAction } from '../../api/staff.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { ListStatus } from './ListStatus.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import { StaffTime } from './StaffTime.tsx';
import { useStaffList } from './useStaffList.ts';

/** The reports queue: open reports grouped by what they report, most reported first; hide, restore or dismiss. */
export function ReportsQueue() {
  const { t } = useTranslation();
  const { page, setPage, state, retry, reload } = useStaffList(fetchStaffReports);
  return (
    <section aria-labelledby="staff-reports-heading" className="space-y-4">
      <h2 id="staff-reports-heading" className="text-xl font-semibold">
        {t('staff.reports.heading')}
      </h2>
      <ListStatus state={state} retry={retry} loadingLabel={t('staff.reports.loading')} />
      {state.status === 'success' && state.data.items.length === 0 && <EmptyState title={t('staff.reports.empty')} headingLevel={3} />}
      {state.status === 'success' && (
        <>
          <ul className="space-y-4">
            {state.data.items.map((group) => (
              <li key={`${group.target}:${group.uri}`}>
                <ReportGroupCard group={group} onDone={reload} />
              </li>
            ))}
          </ul>
          <Pagination page={page} total={state.data.total} perPage={STAFF_PAGE_SIZE_DEFAULT} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function ReportGroupCard({ group, onDone }: { group: StaffReportGroup; onDone: () => void }) {
  const { t } = useTranslation();
  const path = group.target === 'campaign' ? `/${group.uri}` : `/p/${group.uri}`;
  const subject = t(`staff.reports.target.${group.target}`, { uri: group.uri });
  const actions = group.hidden
    ? [{ action: 'restore' as const, label: t('staff.reports.restore') }]
    : [
        { action: 'hide' as const, label: t('staff.reports.hide'), variant: 'destructive' as const },
        { action: 'dismiss' as const, label: t('staff.reports.dismiss') },
      ];
  return (
    <article aria-label={subject} className="space-y-3 rounded-xl border p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          <a href={path} target="_blank" rel="noreferrer" className="underline">
            {group.title || subject}
          </a>
        </h3>
        <p className="text-sm text-muted-foreground">
          {t('staff.reports.summary', { count: group.count, target: t(`staff.reports.kind.${group.target}`), owner: group.owner })}
        </p>
      </header>
      {group.hidden && <p className="text-sm font-medium text-destructive">{t('staff.reports.hidden')}</p>}
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t('staff.reports.reasons')}>
        {group.reasons.map(({ reason, count }) => (
          <li key={reason} className="rounded-full bg-muted px-3 py-1">
            {t('staff.reports.reasonCount', { reason: t(`staff.reasons.${reason}`), count })}
          </li>
        ))}
      </ul>
      {group.details.length > 0 && (
        <ul className="list-disc space-y-1 ps-5 text-sm">
          {group.details.map((detail, index) => (
            <li key={index}>{detail}</li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">
        {t('staff.reports.when')} <StaffTime iso={group.firstReportedAt} /> – <StaffTime iso={group.lastReportedAt} />
      </p>
      <ReasonForm<ModerationAction>
        subject={subject}
        actions={actions}
        onSubmit={async (action, reason) => {
          await moderateTarget(action, group.target, group.uri, reason);
          onDone();
        }}
      />
    </article>
  );
}
