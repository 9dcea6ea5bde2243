import { useTranslation } from 'react-i18next';
import { STAFF_PAGE_SIZE_DEFAULT } from '../../../contract/staff.ts';
import type { PiracyAction, PiracySide, StaffPiracyFlag } from '../../../contract/staffPiracy.ts';
import { decidePiracyFlag, fetchPiracyFlags } from '../../api/staffPiracy.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { ListStatus } from './ListStatus.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import { StaffTime } from './StaffTime.tsx';
import { useStaffList } from './useStaffList.ts';

/** Open frame matches, oldest first: the later frame beside the earlier one it matches; dismiss, take down, suspend. */
export function PiracyPanel() {
  const { t } = useTranslation();
  const { page, setPage, state, retry, reload } = useStaffList(fetchPiracyFlags);
  return (
    <section aria-labelledby="staff-piracy-heading" className="space-y-4">
      <h2 id="staff-piracy-heading" className="text-xl font-semibold">
        {t('staff.piracy.heading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('staff.piracy.intro')}</p>
      <ListStatus state={state} retry={retry} loadingLabel={t('staff.piracy.loading')} />
      {state.status === 'success' && state.data.items.length === 0 && <EmptyState title={t('staff.piracy.empty')} headingLevel={3} />}
      {state.status === 'success' && (
        <>
          <ul className="space-y-4">
            {state.data.items.map((flag) => (
              <li key={flag.id}>
                <FlagCard flag={flag} onDone={reload} />
              </li>
            ))}
          </ul>
          <Pagination page={page} total={state.data.total} perPage={STAFF_PAGE_SIZE_DEFAULT} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function FlagCard({ flag, onDone }: { flag: StaffPiracyFlag; onDone: () => void }) {
  const { t } = useTranslation();
  const subject = t('staff.piracy.subject', { copy: flag.copy.campaignUri, original: flag.original.campaignUri });
  return (
    <article aria-label={subject} className="space-y-3 rounded-xl border p-4">
      <p className="text-sm">
        {t('staff.piracy.distance', { count: flag.distance })} · {t('staff.piracy.flagged')} <StaffTime iso={flag.createdAt} />
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Side side={flag.copy} label={t('staff.piracy.copy')} />
        <Side side={flag.original} label={t('staff.piracy.original')} />
      </div>
      <ReasonForm<PiracyAction>
        subject={subject}
        actions={[
          { action: 'takedown', label: t('staff.piracy.takedown'), variant: 'destructive' },
          { action: 'suspend', label: t('staff.piracy.suspend', { username: flag.copy.creatorUsername }), variant: 'destructive' },
          { action: 'dismiss', label: t('staff.piracy.dismiss') },
        ]}
        onSubmit={async (action, reason) => {
          await decidePiracyFlag(flag.id, action, reason);
          onDone();
        }}
      />
    </article>
  );
}

function Side({ side, label }: { side: PiracySide; label: string }) {
  const { t } = useTranslation();
  return (
    <figure className="space-y-2">
      <figcaption className="space-y-1 text-sm">
        <span className="block font-semibold">{label}</span>
        <a href={`/${side.campaignUri}`} target="_blank" rel="noreferrer" className="underline">
          {side.campaignTitle || side.campaignUri}
        </a>
        <span className="block text-muted-foreground">
          {t('staff.piracy.by', { username: side.creatorUsername })} · {t('staff.piracy.uploaded')} <StaffTime iso={side.uploadedAt} />
        </span>
        {side.hidden && <span className="block font-medium text-destructive">{t('staff.piracy.hidden')}</span>}
        {side.creatorSuspended && <span className="block font-medium text-destructive">{t('staff.piracy.suspended')}</span>}
      </figcaption>
      <img src={side.frameUrl} alt={t('staff.piracy.frameAlt', { uri: side.campaignUri })} className="aspect-square w-full rounded-md border bg-[repeating-conic-gradient(#ddd_0_25%,#fff_0_50%)] bg-[length:16px_16px] object-contain" loading="lazy" />
    </figure>
  );
}
