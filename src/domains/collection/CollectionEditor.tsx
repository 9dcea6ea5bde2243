import { Globe, Link2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestCampaignUri } from '../../../contract/campaignUri.ts';
import { COLLECTION_LIMITS, collectionVisibilities, type Collection } from '../../../contract/collection.ts';
import { checkCollectionUri, createCollection, updateCollection } from '../../api/collections.ts';
import { useUriAvailability } from '../../lib/useUriAvailability.ts';
import { errorMessageKey, isApiError } from '../../api/index.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/Button.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { FormError, TextField } from '../../ui/TextField.tsx';
import { CampaignOrderList } from './CampaignOrderList.tsx';
import { CampaignPicker } from './CampaignPicker.tsx';
import { collectionFormProblems, createBody, emptyCollectionForm, formFromCollection, updateBody, type CollectionFormField, type CollectionFormValues } from './collectionForm.ts';
import { CoverField } from './CoverField.tsx';

const VISIBILITY_ICONS = { public: Globe, unlisted: Link2 } as const;

export interface CollectionEditorProps {
  /** The collection being edited (as its owner reads it); a new one when absent. */
  collection?: Collection;
  onSaved: (saved: Collection) => void;
  onCancel: () => void;
}

/** Create or edit a collection: its fields, cover, and campaigns (found by title, ordered by drag or keyboard). */
export function CollectionEditor({ collection, onSaved, onCancel }: CollectionEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const visibilityName = useId();
  const [values, setValues] = useState<CollectionFormValues>(() => (collection ? formFromCollection(collection) : emptyCollectionForm()));
  // A new collection's link follows its title until the creator types one.
  const [uriTouched, setUriTouched] = useState(Boolean(collection));
  const [showProblems, setShowProblems] = useState(false);
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const uriStatus = useUriAvailability(values.uri, collection?.uri, checkCollectionUri);

  const set = (patch: Partial<CollectionFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const problems = collectionFormProblems(values);
  const problemText = (field: CollectionFormField) => {
    const problem = showProblems ? problems[field] : undefined;
    if (problem) return t(`collection.errors.${problem.key}`, problem.values);
    return serverError?.fields[field];
  };
  const uriHint = uriStatus === 'taken' ? t('collection.errors.uriTaken') : uriStatus === 'available' ? t('collection.form.uriAvailable') : t('collection.form.uriHint', { path: `/c/${values.uri.trim() || '…'}` });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowProblems(true);
    setServerError(null);
    if (Object.keys(problems).length > 0 || uploading) return;
    setPending(true);
    try {
      const saved = collection ? await updateCollection(collection.uri, updateBody(values)) : await createCollection(createBody(values));
      onSaved(saved);
    } catch (error) {
      const fields: Record<string, string> = {};
      if (isApiError(error) && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) fields[path.split('.').filter(Boolean)[0] ?? path] ??= message;
      }
      if (isApiError(error) && error.code === 'URI_TAKEN') fields.uri = t('collection.errors.uriTaken');
      setServerError({ message: t(errorMessageKey(error)), fields });
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby={headingId} className="flex flex-col gap-6 rounded-lg border p-4" noValidate data-testid="collection-editor">
      <h3 id={headingId} className="text-lg font-semibold">
        {collection ? t('collection.form.editTitle', { title: collection.title }) : t('collection.form.newTitle')}
      </h3>
      <TextField
        name="title"
        label={t('collection.form.title')}
        value={values.title}
        maxLength={COLLECTION_LIMITS.titleMax}
        onValueChange={(title) => set(uriTouched ? { title } : { title, uri: suggestCampaignUri(title) })}
        error={problemText('title')}
      />
      <TextField
        name="uri"
        label={t('collection.form.uri')}
        dir="ltr"
        value={values.uri}
        maxLength={60}
        autoCapitalize="none"
        spellCheck={false}
        onValueChange={(uri) => {
          setUriTouched(true);
          set({ uri: uri.toLowerCase() });
        }}
        error={problemText('uri') ?? (uriStatus === 'taken' ? t('collection.errors.uriTaken') : undefined)}
        hint={uriStatus === 'taken' ? undefined : uriHint}
      />
      <TextField
        name="description"
        label={t('collection.form.description')}
        value={values.description}
        multiline
        maxLength={COLLECTION_LIMITS.descriptionMax}
        onValueChange={(description) => set({ description })}
        error={problemText('description')}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('collection.form.visibility')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {collectionVisibilities.map((option) => {
            const Icon = VISIBILITY_ICONS[option];
            return (
              <div key={option} className={cn('rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring', values.visibility === option && 'border-primary bg-primary/5')}>
                <label className="flex cursor-pointer items-center gap-2 font-medium">
                  <input type="radio" name={visibilityName} value={option} checked={values.visibility === option} onChange={() => set({ visibility: option })} aria-describedby={`${visibilityName}-${option}`} />
                  <Icon className="size-4" aria-hidden="true" />
                  {t(`collection.visibility.${option}`)}
                </label>
                <p id={`${visibilityName}-${option}`} className="ms-6 mt-1 text-xs text-muted-foreground">
                  {t(`collection.visibility.${option}Hint`)}
                </p>
              </div>
            );
          })}
        </div>
      </fieldset>
      <CoverField savedUrl={collection?.hasCover ? collection.coverUrl : null} value={values.cover} onChange={(cover) => set({ cover })} onBusyChange={setUploading} />
      <section className="flex flex-col gap-3" aria-label={t('collection.form.campaigns')}>
        <h4 className="font-medium">{t('collection.form.campaignsCount', { count: values.campaigns.length })}</h4>
        {values.campaigns.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('collection.form.noCampaigns')}</p>
        ) : (
          <CampaignOrderList campaigns={values.campaigns} onChange={(campaigns) => set({ campaigns })} />
        )}
        {problemText('campaigns') && (
          <p role="alert" className="text-sm text-destructive">
            {problemText('campaigns')}
          </p>
        )}
        <CampaignPicker chosen={values.campaigns.map((campaign) => campaign.uri)} onAdd={(campaign) => setValues((current) => (current.campaigns.some((c) => c.uri === campaign.uri) ? current : { ...current, campaigns: [...current.campaigns, campaign] }))} />
      </section>
      <FormError message={serverError?.message ?? null} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t('collection.form.cancel')}
        </Button>
        <SubmitButton pending={pending || uploading}>{collection ? t('collection.form.save') : t('collection.form.create')}</SubmitButton>
      </div>
    </form>
  );
}
