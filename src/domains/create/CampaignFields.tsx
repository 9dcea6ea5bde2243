import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignCategories, CAMPAIGN_LIMITS, type CampaignCategory } from '../../../contract/campaignWrite.ts';
import { inputClass, TextField } from '../../ui/TextField.tsx';
import { CaptionField } from './CaptionField.tsx';
import { parseTags, type CampaignFormValues, type FormField } from './campaignForm.ts';

export interface CampaignFieldsProps {
  values: CampaignFormValues;
  errors: Partial<Record<FormField, string>>;
  onChange: (patch: Partial<CampaignFormValues>) => void;
  /** The link field, placed right after the title it is suggested from. */
  uriField: ReactNode;
}

/** Title, link, description, caption, category and tags. */
export function CampaignFields({ values, errors, onChange, uriField }: CampaignFieldsProps) {
  const { t } = useTranslation();
  const categoryId = useId();
  const tags = parseTags(values.tags);
  return (
    <section aria-labelledby={`${categoryId}-title`} className="flex flex-col gap-4">
      <h2 id={`${categoryId}-title`} className="text-lg font-semibold">
        {t('create.fields.title')}
      </h2>
      <TextField name="title" label={t('create.fields.name')} value={values.title} onValueChange={(title) => onChange({ title })} error={errors.title} maxLength={CAMPAIGN_LIMITS.titleMax} required />
      {uriField}
      <TextField multiline name="description" label={t('create.fields.description')} value={values.description} onValueChange={(description) => onChange({ description })} error={errors.description} maxLength={CAMPAIGN_LIMITS.descriptionMax} />
      <CaptionField value={values.caption} onValueChange={(caption) => onChange({ caption })} error={errors.caption} />
      <div>
        <label htmlFor={categoryId} className="mb-1 block text-sm font-medium">
          {t('create.fields.category')}
        </label>
        <select
          id={categoryId}
          name="category"
          value={values.category}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${categoryId}-error` : undefined}
          onChange={(event) => onChange({ category: event.target.value as CampaignCategory })}
          className={inputClass}
        >
          {campaignCategories.map((category) => (
            <option key={category} value={category}>
              {t(`create.categories.${category}`)}
            </option>
          ))}
        </select>
        {errors.category && (
          <p id={`${categoryId}-error`} className="mt-1 text-sm text-destructive">
            {errors.category}
          </p>
        )}
      </div>
      <TextField
        name="tags"
        label={t('create.fields.tags')}
        value={values.tags}
        onValueChange={(text) => onChange({ tags: text })}
        error={errors.tags}
        hint={tags.length > 0 ? t('create.fields.tagsList', { tags: tags.map((tag) => `#${tag}`).join(' '), count: tags.length, max: CAMPAIGN_LIMITS.tagsMax }) : t('create.fields.tagsHint', { max: CAMPAIGN_LIMITS.tagsMax })}
      />
    </section>
  );
}
