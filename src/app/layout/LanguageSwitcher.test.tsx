import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../testing/i18n.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { recordDisplayNames } from '../../testing/displayNames.ts';

beforeAll(async () => {
  await initTestI18n('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LanguageSwitcher', () => {
  it('names no language through Intl at first render, and each locale once when the menu is reached (second spellings listed once)', () => {
    const asked = recordDisplayNames();
    render(<LanguageSwitcher />);
    const menu = screen.getByRole('combobox', { name: 'Language' });
    expect(asked).toEqual([]);
    expect(menu.querySelectorAll('option')).toHaveLength(54);
    expect(screen.getByRole('option', { name: 'English (en)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Deutsch (de)' })).toBeTruthy();
    fireEvent.focus(menu);
    expect(asked).toHaveLength(54);
    expect(screen.getByRole('option', { name: 'Name of de (de)' })).toBeTruthy();
  });
});
