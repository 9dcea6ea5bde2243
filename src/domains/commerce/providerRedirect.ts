/**
 * Full navigations (one module, so tests replace them): the checkout always loads as a new document, because its
 * Content-Security-Policy (the payment provider's hosts, on /checkout only) is the document's.
 */

/** Leaves the app for a provider's hosted payment page (another site, or the server's). */
export function redirectToProvider(url: string): void {
  window.location.assign(url);
}

/** Opens the checkout (a path of this site) as a new document. */
export function openCheckoutDocument(path: string): void {
  window.location.assign(path);
}
