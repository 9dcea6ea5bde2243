import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../testing/i18n.ts';
import { pageCount, pageWindow, Pagination } from './Pagination.tsx';

beforeAll(() => setupTestI18n('en'));
afterEach(cleanup);

describe('pageWindow', () => {
  it('shows at most 5 pages and slides the window around the current page', () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 9)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(6, 9)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it('handles few pages and out-of-range input', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(-3, 7)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
  });

  it('counts pages at 10 per page by default', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(95, 20)).toBe(5);
  });
});

describe('Pagination', () => {
  it('renders a labelled nav with 5 page buttons and marks the current page', () => {
    render(<Pagination page={6} total={95} onPageChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav).getAllByRole('button', { name: /^Page \d+$/ });
    expect(pages.map((button) => button.textContent)).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 5' }).hasAttribute('aria-current')).toBe(false);
  });

  it('reports page changes from prev, next and page buttons', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={6} total={95} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Page 8' }));
    await user.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onPageChange.mock.calls).toEqual([[5], [7], [8]]);
  });

  it('disables prev on the first page and next on the last', () => {
    const { rerender } = render(<Pagination page={1} total={30} onPageChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
    rerender(<Pagination page={3} total={30} onPageChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is keyboard reachable', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={2} total={50} onPageChange={onPageChange} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous page' }));
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('renders nothing when one page holds everything', () => {
    const { container } = render(<Pagination page={1} total={10} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
