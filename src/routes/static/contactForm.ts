export interface ContactValues {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 2000;

/** Returns i18n keys (under pages.contact-us.errors) per invalid field. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = 'nameRequired';
  else if (values.name.trim().length > 100) errors.name = 'nameTooLong';
  if (!values.email.trim()) errors.email = 'emailRequired';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'emailInvalid';
  const message = values.message.trim();
  if (!message) errors.message = 'messageRequired';
  else if (message.length < MESSAGE_MIN) errors.message = 'messageTooShort';
  else if (message.length > MESSAGE_MAX) errors.message = 'messageTooLong';
  return errors;
}
