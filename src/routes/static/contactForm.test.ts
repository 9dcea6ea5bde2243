import { describe, expect, it } from 'vitest';
import { validateContact } from './contactForm.ts';

const ok = { name: 'Ayu', email: 'ayu@example.com', message: 'Hello, I have a question.' };

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(ok)).toEqual({});
  });
  it('requires every field', () => {
    expect(validateContact({ name: ' ', email: '', message: '' })).toEqual({ name: 'nameRequired', email: 'emailRequired', message: 'messageRequired' });
  });
  it('checks the email shape', () => {
    expect(validateContact({ ...ok, email: 'ayu@' }).email).toBe('emailInvalid');
    expect(validateContact({ ...ok, email: 'ayu example.com' }).email).toBe('emailInvalid');
  });
  it('checks lengths', () => {
    expect(validateContact({ ...ok, message: 'short' }).message).toBe('messageTooShort');
    expect(validateContact({ ...ok, message: 'x'.repeat(2001) }).message).toBe('messageTooLong');
    expect(validateContact({ ...ok, name: 'x'.repeat(101) }).name).toBe('nameTooLong');
  });
});
