import MarkdownIt from 'markdown-it';

/**
 * Article bodies (docs/CONTENT.md): Markdown to HTML with raw HTML off, so a tag written in a file is shown as text,
 * never run. Links go only to http(s) URLs, site paths and anchors, images only to the site's own /images/; any
 * other link or image stays literal text. The body's headings start at h2: the page's h1 is the title.
 */
const SAFE_LINK = /^(?:https?:\/\/|\/(?!\/)|#)/i;
const OWN_IMAGE = /^\/images\/[a-z0-9/_-]+\.(?:jpg|png|webp|svg)$/i;

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

markdown.validateLink = (url: string): boolean => SAFE_LINK.test(url.trim());

// markdown-it checks an image's source with validateLink too: narrow it to the site's own images.
const renderImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const src = token.attrGet('src') ?? '';
  if (!OWN_IMAGE.test(src)) return markdown.utils.escapeHtml(token.content);
  token.attrSet('loading', 'lazy');
  return renderImage(tokens, index, options, env, self);
};

/** The safe HTML of a Markdown body; throws when the body has a level-1 heading (the page has one already). */
export function renderArticleMarkdown(body: string): string {
  const tokens = markdown.parse(body, {});
  if (tokens.some((token) => token.type === 'heading_open' && token.tag === 'h1')) throw new Error('the body must not have a level-1 heading (# …): the title is the page’s h1; start at ##');
  return markdown.renderer.render(tokens, markdown.options, {});
}

/** The body's words, for the length rule of docs/CONTENT.md. */
export function markdownWordCount(body: string): number {
  return body.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
