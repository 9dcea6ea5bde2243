import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { designDocument, designProblems, type DesignDocument, type DesignKind } from '../../../contract/design.ts';
import { initTestI18n, missingKeys } from '../../testing/i18n.ts';
import { NewDesignDialog, sideProblem } from './NewDesignDialog.tsx';
import { DESIGN_TEMPLATES } from './templates/index.ts';

beforeAll(async () => {
  await initTestI18n('en');
});
beforeEach(() => {
  missingKeys.clear();
  // jsdom has no 2D canvas: the thumbnails must cope with a null context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // user-event walks radio groups with CSS.escape, which jsdom lacks.
  vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) });
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await initTestI18n('en');
});

function renderDialog(kind: DesignKind = 'frame') {
  const onCreate = vi.fn<(document: DesignDocument) => void>();
  const onOpenChange = vi.fn<(open: boolean) => void>();
  render(<NewDesignDialog open kind={kind} onOpenChange={onOpenChange} onCreate={onCreate} />);
  return { onCreate, onOpenChange, user: userEvent.setup() };
}

const created = (onCreate: ReturnType<typeof renderDialog>['onCreate']): DesignDocument => {
  expect(onCreate).toHaveBeenCalledTimes(1);
  const document = onCreate.mock.calls[0]![0];
  expect(designDocument.parse(document)).toEqual(document);
  expect(designProblems(document)).toEqual([]);
  return document;
};

describe('NewDesignDialog', () => {
  it.each([
    ['Square 1080 × 1080 — posts', 1080, 1080],
    ['Portrait 1080 × 1350 — feed posts', 1080, 1350],
    ['Story 1080 × 1920 — stories and reels', 1080, 1920],
    ['Landscape 1920 × 1080 — banners and covers', 1920, 1080],
  ])('creates a blank %s canvas', async (label, width, height) => {
    const { onCreate, user } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Design a frame' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: label }));
    const document = created(onCreate);
    expect(document).toMatchObject({ width, height, kind: 'frame', name: 'Untitled design', elements: [], templateId: null });
    expect(document.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(missingKeys.size).toBe(0);
  });

  it('explains invalid custom sizes beside the fields and creates nothing until they are fixed', async () => {
    const { onCreate, user } = renderDialog('background');
    const width = screen.getByRole('textbox', { name: 'Width (px)' });
    const height = screen.getByRole('textbox', { name: 'Height (px)' });
    const create = screen.getByRole('button', { name: 'Create blank design' });

    await user.clear(width);
    await user.type(width, '12.5');
    expect(width.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a whole number of pixels.').id).toBe(width.getAttribute('aria-describedby'));

    await user.clear(height);
    await user.type(height, '4097');
    expect(screen.getByText('Use a size from 500 to 4096 px.').id).toBe(height.getAttribute('aria-describedby'));

    await user.click(create);
    expect(onCreate).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(width);

    await user.clear(width);
    await user.type(width, '499');
    expect(screen.getAllByText('Use a size from 500 to 4096 px.')).toHaveLength(2);
    await user.clear(width);
    await user.type(width, '{Enter}');
    expect(onCreate).not.toHaveBeenCalled();

    await user.type(width, ' 800 ');
    expect(width.getAttribute('aria-invalid')).toBe('false');
    await user.clear(height);
    await user.type(height, '4096');
    expect(screen.queryByText('Use a size from 500 to 4096 px.')).toBeNull();
    await user.click(create);
    expect(created(onCreate)).toMatchObject({ width: 800, height: 4096, kind: 'background', templateId: null });
  });

  it('creates a fresh document from the picked template', async () => {
    const { onCreate, user } = renderDialog('background');
    await user.click(screen.getByRole('button', { name: 'Start from “Eid Mubarak”, 1080 × 1080' }));
    const document = created(onCreate);
    expect(document).toMatchObject({ templateId: 'eid-mubarak', kind: 'background', name: 'Eid Mubarak', width: 1080, height: 1080 });
    expect(document.id).not.toBe('preview');
    expect(document.elements.length).toBeGreaterThan(3);
    expect(screen.getAllByTestId('template-thumbnail')).toHaveLength(DESIGN_TEMPLATES.length);
    expect(missingKeys.size).toBe(0);
  });

  it('filters templates by category with keyboard-operable radios', async () => {
    const { user } = renderDialog();
    const group = screen.getByRole('group', { name: 'Template category' });
    const radio = (name: string) => within(group).getByRole('radio', { name }) as HTMLInputElement;
    const shownIds = () => screen.getAllByRole('button', { name: /^Start from/ }).map((button) => button.dataset.templateId);
    const idsOf = (category: string) => DESIGN_TEMPLATES.filter((template) => template.category === category).map((template) => template.id);
    expect(radio('All').checked).toBe(true);

    radio('All').focus();
    await user.keyboard('{ArrowRight}');
    expect(radio('Celebrations').checked).toBe(true);
    expect(document.activeElement).toBe(radio('Celebrations'));
    expect(shownIds()).toEqual(idsOf('celebrations'));

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(radio('Sports').checked).toBe(true);
    expect(shownIds()).toEqual(idsOf('sports'));
    await user.keyboard('{ArrowLeft}');
    expect(shownIds()).toEqual(idsOf('national-day'));

    // One tab stop: Tab leaves the group to the first template, Shift+Tab returns to the checked radio.
    await user.tab();
    expect(document.activeElement?.getAttribute('data-template-id')).toBe(idsOf('national-day')[0]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(radio('National day'));

    await user.click(radio('Government & politics'));
    expect(shownIds()).toEqual(idsOf('government'));
    await user.click(radio('All'));
    expect(shownIds()).toHaveLength(DESIGN_TEMPLATES.length);
  });

  it('speaks Indonesian', async () => {
    await initTestI18n('id');
    const { onCreate, user } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Desain bingkai' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mulai dari “Hari Pahlawan”, 1080 × 1350' }));
    expect(created(onCreate).name).toBe('Hari Pahlawan');
    expect(missingKeys.size).toBe(0);
  });
});

describe('sideProblem', () => {
  it('accepts whole pixel counts from 500 to 4096 only', () => {
    expect(['500', '4096', ' 1080 '].map(sideProblem)).toEqual([null, null, null]);
    expect(['', 'abc', '10.5', '-600', '1e3'].map(sideProblem)).toEqual(['notWhole', 'notWhole', 'notWhole', 'notWhole', 'notWhole']);
    expect(['499', '4097', '0'].map(sideProblem)).toEqual(['range', 'range', 'range']);
  });
});
