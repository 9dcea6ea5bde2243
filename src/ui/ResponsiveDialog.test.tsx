import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../testing/i18n.ts';
import { Button } from './Button.tsx';
import { ResponsiveDialog, type ResponsiveDialogProps } from './ResponsiveDialog.tsx';

beforeAll(() => setupTestI18n('en'));
afterEach(cleanup);

function Harness(props: Partial<ResponsiveDialogProps> & { onChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <ResponsiveDialog
        title="Dark mode"
        description="Switch the theme"
        {...props}
        open={open}
        onOpenChange={(next) => {
          props.onChange?.(next);
          setOpen(next);
        }}
      >
        <p>Body text</p>
      </ResponsiveDialog>
    </>
  );
}

describe('ResponsiveDialog', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens labelled by its title and description, with focus inside', async () => {
    const user = userEvent.setup();
    render(<Harness footer={<Button>Confirm</Button>} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Dark mode' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Switch the theme');
    expect(screen.getByText('Body text')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
  });

  it('closes with the labelled close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no aria-describedby without a description and does not warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ResponsiveDialog open onOpenChange={() => {}} title="Only a title" />);
    const dialog = screen.getByRole('dialog', { name: 'Only a title' });
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('is a bottom sheet below 640 px and centred from sm, sized md or lg', () => {
    const { rerender } = render(<ResponsiveDialog open onOpenChange={() => {}} title="Sized" />);
    const classes = () => screen.getByRole('dialog').className.split(/\s+/);
    expect(classes()).toEqual(expect.arrayContaining(['bottom-0', 'inset-x-0', 'rounded-t-2xl', 'data-[state=open]:animate-slide-up']));
    expect(classes()).toEqual(expect.arrayContaining(['sm:top-1/2', 'sm:left-1/2', 'sm:-translate-y-1/2', 'sm:max-w-md']));
    expect(screen.getByRole('dialog').dataset['size']).toBe('md');
    rerender(<ResponsiveDialog open onOpenChange={() => {}} title="Sized" size="lg" />);
    expect(classes()).toContain('sm:max-w-2xl');
    expect(classes()).not.toContain('sm:max-w-md');
  });
});
