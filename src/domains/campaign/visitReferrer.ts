/**
 * The referrer of a campaign page view for the creator's analytics: the document's referrer when the campaign
 * page is where the visitor landed (a link from elsewhere), else none. In this single-page app
 * document.referrer stays the landing page's referrer however far the visitor navigates, so a campaign reached
 * from the home page must not be credited to the site that sent them to the home page. The server keeps only
 * the host, and treats an empty one as direct.
 */
export function visitReferrer(
  currentPath: string = location.pathname,
  landingUrl: string | undefined = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name,
  referrer: string = document.referrer,
): string | undefined {
  if (!referrer || !landingUrl) return undefined;
  let landingPath: string;
  try {
    landingPath = new URL(landingUrl).pathname;
  } catch {
    return undefined;
  }
  return landingPath === currentPath ? referrer : undefined;
}
