import { cleanup, render, screen } from '@testing-library/react';
import { Inbox } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';

afterEach(cleanup);

describe('EmptyState', () => {
  it('renders a heading, description, decorative icon and action', () => {
    render(<EmptyState icon={<Inbox data-testid="icon" />} title="No campaigns yet" description="Create your first frame." action={<Button>Create</Button>} />);
    expect(screen.getByRole('heading', { level: 2, name: 'No campaigns yet' })).toBeTruthy();
    expect(screen.getByText('Create your first frame.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(screen.getByTestId('icon').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('supports another heading level', () => {
    render(<EmptyState title="Nothing here" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Nothing here' })).toBeTruthy();
  });
});
