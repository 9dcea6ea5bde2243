export const shareNetworks = ['whatsapp', 'facebook', 'x', 'telegram'] as const;
export type ShareNetwork = (typeof shareNetworks)[number];

/** The network's share-intent URL for a link and its text (opened in a new tab). */
export function shareIntentUrl(network: ShareNetwork, url: string, text: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (network) {
    case 'whatsapp':
      // WhatsApp takes a single text; the link goes at the end so the preview picks it up.
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://x.com/intent/tweet?url=${u}&text=${t}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
  }
}

/** An absolute link to a path of this site. */
export function siteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}
