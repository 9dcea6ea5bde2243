import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { fullText } from '../testing/fullText.ts';
import { tIsolated } from './tIsolated.tsx';

afterEach(cleanup);

async function translator() {
  const instance = createInstance();
  await instance.init({
    lng: 'en',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: {
      en: {
        translation: {
          by: 'بواسطة {{name}}.',
          supporters_one: 'داعم واحد: {{formatted}}',
          supporters_other: '{{formatted}} داعمين',
          twice: '{{a}} ← {{b}}، {{a}}',
        },
      },
    },
  });
  return instance.t;
}

describe('tIsolated', () => {
  it('wraps each interpolated value in a <bdi> and leaves the translation’s text around it', async () => {
    const t = await translator();
    const { container } = render(<p>{tIsolated(t, 'by', { name: 'Alice Smith' })}</p>);
    expect(container.innerHTML).toBe('<p>بواسطة <bdi>Alice Smith</bdi>.</p>');
    expect(screen.getByText(fullText('بواسطة Alice Smith.')).tagName).toBe('P');
  });

  it('keeps count for the plural choice and wraps the formatted number', async () => {
    const t = await translator();
    const { container } = render(<p>{tIsolated(t, 'supporters', { count: 1234, formatted: '1,234' })}</p>);
    expect(container.innerHTML).toBe('<p><bdi>1,234</bdi> داعمين</p>');
  });

  it('wraps a value used twice, and several values', async () => {
    const t = await translator();
    const { container } = render(<p>{tIsolated(t, 'twice', { a: 'x@y.io', b: 42 })}</p>);
    expect(container.querySelectorAll('bdi')).toHaveLength(3);
    expect(container.textContent).toBe('x@y.io ← 42، x@y.io');
  });
});
