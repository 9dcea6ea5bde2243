const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value made safe to put in HTML (quotes included, for attributes). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char]!);
