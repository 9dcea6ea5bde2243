import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';

/** A date and time in the reader's language, in a <time> element. */
export function StaffTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatDate(iso, i18n.language, 'long') || iso}</time>;
}
