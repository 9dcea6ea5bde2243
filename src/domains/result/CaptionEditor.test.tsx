import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { useToastStore } from '../../ui/toastStore.ts';
import { CaptionEditor } from './CaptionEditor.tsx';

function Harness({ template }: { template: string }) {
  const [values, setValues] = useState<string[]>([]);
  return <CaptionEditor template={template} values={values} onValuesChange={setValues} />;
}

const preview = () => screen.getByText((_, element) => element?.tagName === 'OUTPUT').textContent;

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }));
}

accountTestLifecycle();

describe('CaptionEditor', () => {
  it('turns each blank into a labelled input and fills the preview as you type', () => {
    render(<Harness template={'I am [[ your name ]] from [[city]]. [[]]!'} />);
    expect(preview()).toBe('I am your name from city. !');
    fireEvent.change(screen.getByLabelText('your name'), { target: { value: 'Ayu' } });
    fireEvent.change(screen.getByLabelText('city'), { target: { value: ' Bandung ' } });
    fireEvent.change(screen.getByLabelText('Blank 3'), { target: { value: 'Merdeka' } });
    expect(preview()).toBe('I am Ayu from Bandung. Merdeka!');
  });

  it('copies the filled caption and says so', async () => {
    useToastStore.getState().clear();
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    render(<Harness template="Proud of [[school]]" />);
    fireEvent.change(screen.getByLabelText('school'), { target: { value: 'SMA 1' } });
    await clickButton('Copy caption');
    expect(writeText).toHaveBeenCalledWith('Proud of SMA 1');
    expect(useToastStore.getState().toasts.map((toast) => [toast.title, toast.variant])).toEqual([['Caption copied', 'default']]);
  });

  it('reports a copy the browser refused', async () => {
    useToastStore.getState().clear();
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(<Harness template="No blanks here" />);
    expect(screen.queryByRole('textbox')).toBeNull();
    await clickButton('Copy caption');
    expect(useToastStore.getState().toasts.map((toast) => [toast.title, toast.variant])).toEqual([['The caption could not be copied', 'destructive']]);
  });
});
