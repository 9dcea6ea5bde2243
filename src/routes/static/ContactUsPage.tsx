import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toastStore.ts';
import { PageContainer } from '../../ui/PageContainer.tsx';
import { SUPPORT_EMAIL, mailtoUrl } from '../../lib/supportEmail.ts';
import { MESSAGE_MAX, MESSAGE_MIN, validateContact, type ContactErrors, type ContactValues } from './contactForm.ts';

const FIELDS = ['name', 'email', 'message'] as const;

export default function ContactUsPage() {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<ContactValues>({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<ContactErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const body = `${values.message.trim()}\n\n— ${values.name.trim()} <${values.email.trim()}>`;
    window.location.href = mailtoUrl(t('pages.contact-us.mailSubject', { name: values.name.trim() }), body);
    toast({ title: t('pages.contact-us.opened.title'), description: t('pages.contact-us.opened.description', { email: SUPPORT_EMAIL }) });
  };

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    className: 'w-full rounded-md border border-input bg-background px-3 py-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive',
  });
  const error = (name: (typeof FIELDS)[number]) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-destructive">
        {t(`pages.contact-us.errors.${errors[name]}`, { min: MESSAGE_MIN, max: MESSAGE_MAX })}
      </p>
    ) : null;

  return (
    <PageContainer route="contact-us" className="grid max-w-5xl gap-10 md:grid-cols-[1fr_1.4fr]">
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('pages.contact-us.title')}</h1>
        <p className="mt-3 text-muted-foreground">{t('pages.contact-us.intro')}</p>
        <p className="mt-6 flex items-center gap-2">
          <Mail className="size-5" aria-hidden="true" />
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            {SUPPORT_EMAIL}
          </a>
        </p>
        <p className="mt-2 text-sm text-muted-foreground">{t('pages.contact-us.response')}</p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4 rounded-lg border bg-card p-6" aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`} className="text-lg font-semibold">
          {t('pages.contact-us.formTitle')}
        </h2>
        <div>
          <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
            {t('pages.contact-us.name')}
          </label>
          <input type="text" autoComplete="name" {...field('name')} />
          {error('name')}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
            {t('pages.contact-us.email')}
          </label>
          <input type="email" dir="ltr" autoComplete="email" {...field('email')} />
          {error('email')}
        </div>
        <div>
          <label htmlFor={`${id}-message`} className="mb-1 block text-sm font-medium">
            {t('pages.contact-us.message')}
          </label>
          <textarea rows={6} maxLength={MESSAGE_MAX + 100} {...field('message')} />
          {error('message')}
        </div>
        <p className="text-sm text-muted-foreground">{t('pages.contact-us.howItWorks')}</p>
        <Button type="submit">{t('pages.contact-us.submit')}</Button>
      </form>
    </PageContainer>
  );
}
