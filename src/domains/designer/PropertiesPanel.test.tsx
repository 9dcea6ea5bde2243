import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DesignElement, LineElement, TextElement } from '../../../contract/design.ts';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { findElement } from '../../../core/design/tree.ts';
import { canvasBounds } from './alignElements.ts';
import { currentDocument, designState, designUiLifecycle } from '../../testing/designUi.ts';
import { PropertiesPanel, canvasSideError, dashFor, dashStyle } from './PropertiesPanel.tsx';

designUiLifecycle(designFixture);

const element = <T extends DesignElement = DesignElement>(id: string) => findElement(currentDocument(), id)!.element as T;
const select = (...ids: string[]) => act(() => designState().select(ids));

/** Types into a NumberField and commits with Enter. */
function typeNumber(label: string, value: string) {
  const field = screen.getByRole('spinbutton', { name: label });
  fireEvent.change(field, { target: { value } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

describe('PropertiesPanel: text', () => {
  it('changes font size, font, colour, alignment, bold, italic, underline, spacing and line height', () => {
    select('title');
    render(<PropertiesPanel />);
    typeNumber('Font size', '96');
    expect(element<TextElement>('title').fontSize).toBe(96);
    fireEvent.change(screen.getByLabelText('Font'), { target: { value: 'poppins' } });
    expect(element<TextElement>('title').fontFamily).toBe('poppins');
    expect(screen.getByRole('option', { name: 'Playfair Display' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#ff0000' } });
    expect(element<TextElement>('title').fill).toEqual({ kind: 'solid', color: '#ff0000' });
    fireEvent.change(screen.getByLabelText('Colour opacity'), { target: { value: '50' } });
    expect(element<TextElement>('title').fill).toEqual({ kind: 'solid', color: '#ff000080' });
    fireEvent.click(screen.getByRole('radio', { name: 'Align right' }));
    expect(element<TextElement>('title').align).toBe('right');
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(element<TextElement>('title').fontWeight).toBe(700);
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Italic' }));
    expect(element<TextElement>('title').italic).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Underline' }));
    expect(element<TextElement>('title').underline).toBe(true);
    typeNumber('Letter spacing', '4');
    expect(element<TextElement>('title').letterSpacing).toBe(4);
    typeNumber('Line height', '1.5');
    expect(element<TextElement>('title').lineHeight).toBe(1.5);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Outline' }));
    expect(element<TextElement>('title').stroke).toEqual({ color: '#111111', width: 4 });
  });

  it('makes typing several characters one undo step', () => {
    select('title');
    render(<PropertiesPanel />);
    const text = screen.getByRole('textbox', { name: 'Text' });
    for (const value of ['Hari Kemerdekaan!', 'Hari Kemerdekaan!!', 'Hari Kemerdekaan!!!']) fireEvent.change(text, { target: { value } });
    expect(element<TextElement>('title').text).toBe('Hari Kemerdekaan!!!');
    expect(designState().past).toHaveLength(1);
    act(() => designState().undo());
    expect(element<TextElement>('title').text).toBe('Hari Kemerdekaan');
  });

  it('makes one opacity drag one undo step and shows the percentage', () => {
    select('title');
    render(<PropertiesPanel />);
    const slider = screen.getByRole('slider', { name: /^Opacity/ });
    for (const value of ['90', '70', '45']) fireEvent.change(slider, { target: { value } });
    expect(element('title').opacity).toBe(0.45);
    expect(slider.getAttribute('aria-valuetext')).toBe('45 %');
    expect(designState().past).toHaveLength(1);
  });
});

describe('PropertiesPanel: shapes and lines', () => {
  it('edits position, size, rotation, fill kinds and stroke of a shape', () => {
    select('hole');
    render(<PropertiesPanel />);
    typeNumber('X', '100');
    typeNumber('Width', '500');
    typeNumber('Rotation (°)', '45');
    expect(element('hole')).toMatchObject({ x: 100, width: 500, rotation: 45 });
    fireEvent.change(screen.getByLabelText('Fill type'), { target: { value: 'linear' } });
    expect(element('hole')).toMatchObject({ fill: { kind: 'linear', angle: 90, stops: [{ offset: 0, color: '#000000' }, { offset: 1, color: '#ffffff' }] } });
    typeNumber('Angle (°)', '30');
    fireEvent.change(screen.getByLabelText('End colour'), { target: { value: '#00ff00' } });
    expect(element('hole')).toMatchObject({ fill: { kind: 'linear', angle: 30, stops: [{ color: '#000000' }, { color: '#00ff00' }] } });
    fireEvent.change(screen.getByLabelText('Fill type'), { target: { value: 'radial' } });
    expect(element('hole')).toMatchObject({ fill: { kind: 'radial' } });
    fireEvent.change(screen.getByLabelText('Fill type'), { target: { value: 'none' } });
    expect(element('hole')).toMatchObject({ fill: null });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Outline' }));
    typeNumber('Stroke width', '12');
    expect(element('hole')).toMatchObject({ stroke: { color: '#111111', width: 12 } });
  });

  it('edits star points and inner ratio, and switches the photo hole, lock and hide', () => {
    act(() => designState().select(['star']));
    render(<PropertiesPanel />);
    typeNumber('Points', '7');
    typeNumber('Inner radius ratio', '0.3');
    expect(element('star')).toMatchObject({ points: 7, innerRatio: 0.3 });
    const hole = screen.getByRole('switch', { name: /Photo hole/ });
    expect(hole.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(hole);
    expect(element('star').hole).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Locked' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Hidden' }));
    expect(element('star')).toMatchObject({ locked: true, hidden: true });
  });

  it('edits a line: colour, thickness, ends and dashes', () => {
    select('rule');
    render(<PropertiesPanel />);
    typeNumber('Thickness', '10');
    expect(element<LineElement>('rule')).toMatchObject({ height: 10, dash: [30, 20] });
    fireEvent.change(screen.getByLabelText('Line ends'), { target: { value: 'square' } });
    fireEvent.change(screen.getByLabelText('Style'), { target: { value: 'solid' } });
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#123456' } });
    expect(element<LineElement>('rule')).toMatchObject({ cap: 'square', dash: [], color: '#123456' });
  });

  it('reads dash styles back from their patterns', () => {
    expect(dashStyle(dashFor('dashed', 6))).toBe('dashed');
    expect(dashStyle(dashFor('dotted', 6))).toBe('dotted');
    expect(dashStyle(dashFor('solid', 6))).toBe('solid');
  });
});

describe('PropertiesPanel: several elements', () => {
  it('offers only the shared fields and aligns to the selection or the canvas', () => {
    select('hole', 'title', 'logo');
    render(<PropertiesPanel />);
    expect(screen.getByText('3 elements selected')).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: 'X' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Align left' }));
    const lefts = ['hole', 'title', 'logo'].map((id) => canvasBounds(currentDocument(), id)!.minX);
    expect(lefts).toEqual([140, 140, 140]);
    fireEvent.click(screen.getByRole('radio', { name: 'Canvas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Align bottom' }));
    expect(['hole', 'title', 'logo'].map((id) => canvasBounds(currentDocument(), id)!.maxY)).toEqual([1080, 1080, 1080]);
    fireEvent.click(screen.getByRole('button', { name: 'Distribute horizontally' }));
    fireEvent.click(screen.getByRole('switch', { name: /Photo hole/ }));
    expect(['hole', 'title', 'logo'].map((id) => element(id).hole)).toEqual([true, true, true]);
    fireEvent.change(screen.getByRole('slider', { name: /^Opacity/ }), { target: { value: '30' } });
    expect(['hole', 'title', 'logo'].map((id) => element(id).opacity)).toEqual([0.3, 0.3, 0.3]);
  });
});

describe('PropertiesPanel: document settings', () => {
  it('validates a custom canvas size with messages and changes nothing until it is valid', () => {
    render(<PropertiesPanel />);
    expect(screen.getByText(/Frame: the supporter's photo shows through/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Canvas size'), { target: { value: 'custom' } });
    const width = screen.getByRole('textbox', { name: 'Width (px)' });
    const height = screen.getByRole('textbox', { name: 'Height (px)' });
    fireEvent.change(width, { target: { value: '300' } });
    fireEvent.change(height, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply size' }));
    expect(screen.getByText('Use a size from 500 to 4096 px.')).toBeTruthy();
    expect(screen.getByText('Use a whole number of pixels, digits only.')).toBeTruthy();
    expect(width.getAttribute('aria-invalid')).toBe('true');
    expect(currentDocument()).toMatchObject({ width: 1080, height: 1080 });
    expect(designState().past).toHaveLength(0);
    fireEvent.change(width, { target: { value: '1200' } });
    fireEvent.change(height, { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply size' }));
    expect(currentDocument()).toMatchObject({ width: 1200, height: 1500 });
    fireEvent.change(screen.getByLabelText('Canvas size'), { target: { value: 'story' } });
    expect(currentDocument()).toMatchObject({ width: 1080, height: 1920 });
  });

  it('renames the design and sets its background', () => {
    render(<PropertiesPanel />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Merdeka' } });
    expect(currentDocument().name).toBe('Merdeka');
    fireEvent.change(screen.getByLabelText('Fill type'), { target: { value: 'solid' } });
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#fafafa' } });
    expect(currentDocument().background).toEqual({ kind: 'solid', color: '#fafafa' });
  });

  it('names every kind of bad canvas side', () => {
    expect(canvasSideError('')).toBe('required');
    expect(canvasSideError('1e3')).toBe('whole');
    expect(canvasSideError('499')).toBe('range');
    expect(canvasSideError('4097')).toBe('range');
    expect(canvasSideError(' 4096 ')).toBeNull();
  });
});
