/** Shared setup for the designer's UI tests: real en messages, a loaded design, a clean store and toasts. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { DesignDocument } from '../../contract/design.ts';
import { initTestI18n, missingKeys } from './i18n.ts';
import { useToastStore } from '../ui/toastStore.ts';
import { blankDocument } from '../../core/design/defaultElements.ts';
import { useDesignStore } from '../domains/designer/designStore.ts';
import { useDesignViewStore } from '../domains/designer/designViewStore.ts';

export function blankDesign(): DesignDocument {
  return blankDocument({ id: 'doc1', name: 'My frame', kind: 'frame', width: 1080, height: 1080 });
}

/** Loads `document()` before each test and checks afterwards that every rendered string had a translation. */
export function designUiLifecycle(document: () => DesignDocument = blankDesign): void {
  beforeAll(async () => {
    await initTestI18n('en');
  });
  beforeEach(() => {
    missingKeys.clear();
    useToastStore.getState().clear();
    useDesignStore.getState().reset();
    useDesignStore.getState().load(document());
    useDesignViewStore.setState({ zoom: 1, x: 0, y: 0, fitRequest: 0 });
    // Radix popovers measure their anchor.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    expect([...missingKeys]).toEqual([]);
  });
}

export const designState = () => useDesignStore.getState();
export const currentDocument = (): DesignDocument => {
  const document = useDesignStore.getState().document;
  if (!document) throw new Error('No design loaded.');
  return document;
};
