import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './Button.tsx';

/** A form's submit button: disabled and saying so while the form's request runs. */
export function SubmitButton({ pending, children, ...props }: Omit<ButtonProps, 'type'> & { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? t('auth.working') : children}
    </Button>
  );
}
