// Rich text from the API (launchpad project articles, help-centre articles) is sanitised by the
// server; pages still render it through this small allow-list so that a bad record cannot run
// script in the page.

const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
  'figure',
  'figcaption',
]);
const ALLOWED_ATTRS = new Set([
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
]);
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

/** Keeps allowed tags and attributes only; links open in a new window. */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of [...node.children]) {
      const tag = child.tagName.toLowerCase();
      if (!ALLOWED_TAGS.has(tag)) {
        if (
          ['script', 'style', 'iframe', 'object', 'embed', 'template', 'svg', 'math'].includes(tag)
        ) {
          child.remove();
        } else {
          clean(child);
          child.replaceWith(...child.childNodes);
        }
        continue;
      }
      for (const attr of [...child.attributes]) {
        const name = attr.name.toLowerCase();
        const urlAttr = name === 'href' || name === 'src';
        if (!ALLOWED_ATTRS.has(name) || (urlAttr && !SAFE_URL.test(attr.value.trim()))) {
          child.removeAttribute(attr.name);
        }
      }
      if (tag === 'a') {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer');
      }
      clean(child);
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
