/** The id of the static first view the server puts before #root on a campaign page (server/http/firstView.ts). */
export const FIRST_VIEW_ID = 'first-view';

/** A page is shown once its route element is in the app and not busy (the convention of ui/Spinner and PageStatus). */
const PAGE_READY = '[data-route]:not([aria-busy="true"])';

/**
 * Removes the server's first view as soon as the app shows a page that is not loading: the campaign itself, its
 * error or 404, or any other page navigated to. The check runs in a MutationObserver, after React's commit and
 * before the browser paints, so the static view and the app never show together or leave a blank frame between
 * them. Without a first view it does nothing.
 */
export function handOffFirstView(root: HTMLElement): void {
  const view = root.ownerDocument.getElementById(FIRST_VIEW_ID);
  if (!view) return;
  const observer = new MutationObserver(() => {
    if (!root.querySelector(PAGE_READY)) return;
    observer.disconnect();
    view.remove();
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy', 'data-route'] });
}
