import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../testing/i18n.ts';
import { HOLD_REPEAT_DELAY_MS, HOLD_REPEAT_INTERVAL_MS, NumberField, type NumberFieldProps } from './NumberField.tsx';

beforeAll(() => setupTestI18n('en'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Controlled({ initial = 5, onChange, ...props }: Partial<NumberFieldProps> & { initial?: number; onChange?: (value: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <NumberField
      label="Quantity"
      {...props}
      value={value}
      onValueChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

const field = () => screen.getByRole('spinbutton', { name: 'Quantity' });
const valueNow = () => Number(field().getAttribute('aria-valuenow'));

describe('NumberField', () => {
  it('exposes spinbutton semantics with en-US formatting', () => {
    render(<Controlled initial={1234} min={0} max={5000} />);
    const input = field();
    expect(input.getAttribute('aria-valuenow')).toBe('1234');
    expect(input.getAttribute('aria-valuemin')).toBe('0');
    expect(input.getAttribute('aria-valuemax')).toBe('5000');
    expect(input.getAttribute('aria-valuetext')).toBe('1,234');
    expect((input as HTMLInputElement).value).toBe('1,234');
    expect(screen.getByRole('button', { name: 'Increase' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decrease' })).toBeTruthy();
  });

  it('steps with ArrowUp/ArrowDown and PageUp/PageDown (10 steps)', () => {
    render(<Controlled initial={50} min={0} max={100} />);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(valueNow()).toBe(51);
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(valueNow()).toBe(49);
    fireEvent.keyDown(field(), { key: 'PageUp' });
    expect(valueNow()).toBe(59);
    fireEvent.keyDown(field(), { key: 'PageDown' });
    fireEvent.keyDown(field(), { key: 'PageDown' });
    expect(valueNow()).toBe(39);
  });

  it('jumps to min/max with Home/End and clamps at the bounds', () => {
    render(<Controlled initial={7} min={2} max={12} />);
    fireEvent.keyDown(field(), { key: 'End' });
    expect(valueNow()).toBe(12);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'PageUp' });
    expect(valueNow()).toBe(12);
    fireEvent.keyDown(field(), { key: 'Home' });
    expect(valueNow()).toBe(2);
    fireEvent.keyDown(field(), { key: 'PageDown' });
    expect(valueNow()).toBe(2);
    expect((screen.getByRole('button', { name: 'Decrease' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('honours a custom step', () => {
    render(<Controlled initial={0} step={0.1} />);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(valueNow()).toBe(0.3);
  });

  it('commits typed text on Enter and on blur', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={1} min={0} max={10000} />);
    await user.clear(field());
    await user.type(field(), '2,500{Enter}');
    expect(valueNow()).toBe(2500);
    expect((field() as HTMLInputElement).value).toBe('2,500');
    await user.clear(field());
    await user.type(field(), '99999');
    await user.tab();
    expect(valueNow()).toBe(10000);
  });

  it('steps from freshly typed text', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={1} />);
    await user.clear(field());
    await user.type(field(), '40{ArrowUp}');
    expect(valueNow()).toBe(41);
  });

  it('steps once per pointer click and once per keyboard activation of a button', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={5} />);
    await user.click(screen.getByRole('button', { name: 'Increase' }));
    expect(valueNow()).toBe(6);
    screen.getByRole('button', { name: 'Decrease' }).focus();
    await user.keyboard('{Enter}');
    expect(valueNow()).toBe(5);
    await user.keyboard(' ');
    expect(valueNow()).toBe(4);
  });

  it('repeats while a button is held: first after 400 ms, then every 60 ms', () => {
    vi.useFakeTimers();
    render(<Controlled initial={0} />);
    const increase = screen.getByRole('button', { name: 'Increase' });
    fireEvent.pointerDown(increase, { button: 0 });
    expect(valueNow()).toBe(1);
    act(() => vi.advanceTimersByTime(HOLD_REPEAT_DELAY_MS - 1));
    expect(valueNow()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(valueNow()).toBe(2);
    act(() => vi.advanceTimersByTime(HOLD_REPEAT_INTERVAL_MS - 1));
    expect(valueNow()).toBe(2);
    act(() => vi.advanceTimersByTime(1));
    expect(valueNow()).toBe(3);
    act(() => vi.advanceTimersByTime(HOLD_REPEAT_INTERVAL_MS * 5));
    expect(valueNow()).toBe(8);
    fireEvent.pointerUp(window);
    act(() => vi.advanceTimersByTime(1000));
    expect(valueNow()).toBe(8);
  });

  it('stops repeating when the pointer leaves and at the bound', () => {
    vi.useFakeTimers();
    render(<Controlled initial={10} min={0} max={12} />);
    const increase = screen.getByRole('button', { name: 'Increase' });
    fireEvent.pointerDown(increase, { button: 0 });
    act(() => vi.advanceTimersByTime(HOLD_REPEAT_DELAY_MS + HOLD_REPEAT_INTERVAL_MS * 10));
    expect(valueNow()).toBe(12);
    const decrease = screen.getByRole('button', { name: 'Decrease' });
    fireEvent.pointerDown(decrease, { button: 0 });
    act(() => vi.advanceTimersByTime(HOLD_REPEAT_DELAY_MS));
    expect(valueNow()).toBe(10);
    fireEvent.pointerLeave(decrease);
    act(() => vi.advanceTimersByTime(1000));
    expect(valueNow()).toBe(10);
  });

  it('works uncontrolled from defaultValue', () => {
    const onValueChange = vi.fn();
    render(<NumberField label="Count" defaultValue={3} onValueChange={onValueChange} />);
    fireEvent.keyDown(screen.getByRole('spinbutton', { name: 'Count' }), { key: 'ArrowUp' });
    expect(onValueChange).toHaveBeenCalledWith(4);
    expect(screen.getByRole('spinbutton', { name: 'Count' }).getAttribute('aria-valuenow')).toBe('4');
  });

  it('ignores input while disabled', () => {
    render(<Controlled initial={3} disabled />);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Increase' }), { button: 0 });
    expect(valueNow()).toBe(3);
  });
});
