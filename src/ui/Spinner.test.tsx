import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../testing/i18n.ts';
import { Spinner } from './Spinner.tsx';

beforeAll(() => setupTestI18n('en'));
afterEach(cleanup);

describe('Spinner', () => {
  it('is a status named "Loading" by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });

  it('takes a custom label', () => {
    render(<Spinner label="Uploading photo" size="lg" />);
    expect(screen.getByRole('status').textContent).toBe('Uploading photo');
  });
});
