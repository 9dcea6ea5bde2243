export const DARK_MODE_MODAL_KEY = 'dark-mode-modal-closed';
export const DARK_MODE_MODAL_DELAY_MS = 500;
/** Campaign pages keep the supporter's focus on the frame. */
export const ROUTES_WITHOUT_DARK_MODE_MODAL: ReadonlySet<string> = new Set(['campaign', 'campaign-support']);

export function darkModeModalClosed(): boolean {
  try {
    return localStorage.getItem(DARK_MODE_MODAL_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberDarkModeModalClosed(): void {
  try {
    localStorage.setItem(DARK_MODE_MODAL_KEY, '1');
  } catch {
    // Storage disabled: the modal may show again next visit.
  }
}

export function shouldOfferDarkMode(closed: boolean, routeName: string | undefined): boolean {
  return !closed && !ROUTES_WITHOUT_DARK_MODE_MODAL.has(routeName ?? '');
}
