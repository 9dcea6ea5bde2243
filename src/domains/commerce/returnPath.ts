/**
 * Where a purchase started (the page whose plan lock led to pricing), kept for this tab so that the checkout's
 * success view can lead back there.
 */
const RETURN_PATH_KEY = 'bingkai-checkout-return';

/** Only a path of this site: never another origin ("//evil.example", "https://…"). */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function rememberReturnPath(path: string): void {
  if (!isLocalPath(path)) return;
  try {
    sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Storage can be off (private mode): the success view then offers the home page.
  }
}

export function readReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_PATH_KEY);
    return path && isLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetReturnPath(): void {
  try {
    sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
