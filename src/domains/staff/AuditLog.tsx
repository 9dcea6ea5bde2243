import { useTranslation } from 'react-i18next';
import { STAFF_PAGE_SIZE_DEFAULT } from '../../../contract/staff.ts';
import { fetchStaffAudit } from '../../api/staff.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { ListStatus } from './ListStatus.tsx';
import { StaffTime } from './StaffTime.tsx';
import { useStaffList } from './useStaffList.ts';

/** Every staff action, newest first; read-only (the server refuses any change to it). */
export function AuditLog() {
  const { t } = useTranslation();
  const { page, setPage, state, retry } = useStaffList(fetchStaffAudit);
  return (
    <section aria-labelledby="staff-audit-heading" className="space-y-4">
      <h2 id="staff-audit-heading" className="text-xl font-semibold">
        {t('staff.audit.heading')}
      </h2>
      <ListStatus state={state} retry={retry} loadingLabel={t('staff.audit.loading')} />
      {state.status === 'success' && state.data.items.length === 0 && <EmptyState title={t('staff.audit.empty')} headingLevel={3} />}
      {state.status === 'success' && state.data.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{t('staff.audit.heading')}</caption>
            <thead>
              <tr className="border-b text-start">
                <th scope="col" className="p-2 text-start">{t('staff.audit.when')}</th>
                <th scope="col" className="p-2 text-start">{t('staff.audit.who')}</th>
                <th scope="col" className="p-2 text-start">{t('staff.audit.action')}</th>
                <th scope="col" className="p-2 text-start">{t('staff.audit.target')}</th>
                <th scope="col" className="p-2 text-start">{t('staff.audit.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.items.map((entry) => (
                <tr key={entry.id} className="border-b align-top">
                  <td className="p-2 whitespace-nowrap">
                    <StaffTime iso={entry.createdAt} />
                  </td>
                  <td className="p-2">{entry.staffEmail}</td>
                  <td className="p-2">{t(`staff.audit.actions.${entry.action}`)}</td>
                  <td className="p-2 break-all">
                    {t(`staff.audit.targets.${entry.targetType}`)} {entry.targetId}
                  </td>
                  <td className="p-2">{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {state.status === 'success' && <Pagination page={page} total={state.data.total} perPage={STAFF_PAGE_SIZE_DEFAULT} onPageChange={setPage} />}
    </section>
  );
}
