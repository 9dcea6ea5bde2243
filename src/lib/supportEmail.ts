function readSupportEmail(): string {
  const value: unknown = import.meta.env.VITE_SUPPORT_EMAIL;
  return typeof value === 'string' && value.includes('@') ? value.trim() : 'support@bingkai.app';
}

/** Where people reach a human; mailto works today without any account service. */
export const SUPPORT_EMAIL = readSupportEmail();

export function mailtoUrl(subject: string, body: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
