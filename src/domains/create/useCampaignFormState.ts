import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestCampaignUri } from '../../../contract/campaignUri.ts';
import { isApiError } from '../../api/index.ts';
import { serverFieldErrors, validateCampaignForm, type CampaignFormValues, type FormField, type ValidationContext } from './campaignForm.ts';

export type FieldErrors = Partial<Record<FormField, string>>;

/** The form's values, the link suggested from the title until the creator edits it, and the errors shown beside the fields. */
export function useCampaignFormState(initial: CampaignFormValues, suggestUri: boolean) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [uriEdited, setUriEdited] = useState(!suggestUri);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = useCallback(
    (patch: Partial<CampaignFormValues>) => {
      if (patch.uri !== undefined) setUriEdited(true);
      setValues((current) => {
        const next = { ...current, ...patch };
        if (patch.title !== undefined && !uriEdited && patch.uri === undefined) next.uri = suggestCampaignUri(patch.title);
        return next;
      });
      // An edited field's old error no longer applies.
      setErrors((current) => {
        const next = { ...current };
        for (const key of Object.keys(patch) as FormField[]) delete next[key];
        if (patch.title !== undefined && !uriEdited) delete next.uri;
        return next;
      });
    },
    [uriEdited],
  );

  /** Checks the form; returns true when it may be sent. */
  const validate = useCallback(
    (context: ValidationContext): boolean => {
      const problems = validateCampaignForm(values, context);
      const found: FieldErrors = {};
      for (const [field, problem] of Object.entries(problems) as [FormField, { key: string; values?: Record<string, number> }][]) {
        found[field] = t(`create.errors.${problem.key}`, problem.values ?? {});
      }
      setErrors(found);
      setFormError(Object.keys(found).length > 0 ? t('create.errors.checkFields') : null);
      return Object.keys(found).length === 0;
    },
    [t, values],
  );

  /** Shows a failed save: field errors beside their fields, everything else above the button. */
  const showServerError = useCallback(
    (error: unknown) => {
      const fields = serverFieldErrors(isApiError(error) ? error.fields : undefined);
      if (isApiError(error) && (error.code === 'URI_TAKEN' || error.code === 'URI_RESERVED')) fields.uri ??= t(`errors.${error.code}`);
      if (isApiError(error) && error.code === 'ACCESS_CODE_REQUIRED') fields.accessCode ??= t('errors.ACCESS_CODE_REQUIRED');
      setErrors(fields);
      const message = isApiError(error) ? t(`errors.${error.code}`, { defaultValue: error.message }) : t('errors.UNKNOWN');
      setFormError(Object.keys(fields).length > 0 ? t('create.errors.checkFields') : message);
    },
    [t],
  );

  return { values, change, errors, formError, setFormError, validate, showServerError };
}
