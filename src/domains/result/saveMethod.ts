/**
 * In-app browsers (social apps' webviews) ignore or break `<a download>` of a blob, so the result is saved
 * through the share sheet or by long-pressing the image there.
 */
const IN_APP_BROWSER = /Instagram|FBAN\/|FBAV\/|FB_IAB|FBIOS|\bLine\/|musical_ly|TikTok|BytedanceWebview|WhatsApp\/|Snapchat|MicroMessenger|KAKAOTALK|Twitter for/i;

export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP_BROWSER.test(userAgent);
}

export type SaveMethod = 'download' | 'share' | 'long-press';

export interface SaveContext {
  userAgent: string;
  /** The browser knows the `download` attribute of links. */
  downloadSupported: boolean;
  /** navigator.canShare({ files }) said yes. */
  canShareFiles: boolean;
  /** The visitor told us the download did not work, or the share sheet failed. */
  downloadFailed: boolean;
  shareFailed: boolean;
}

export function chooseSaveMethod(context: SaveContext): SaveMethod {
  if (!context.downloadFailed && context.downloadSupported && !isInAppBrowser(context.userAgent)) return 'download';
  if (context.canShareFiles && !context.shareFailed) return 'share';
  return 'long-press';
}
