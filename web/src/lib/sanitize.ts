// Product descriptions and specifications are HTML. The server sanitises them when they are
// written (contract §2.2); the page sanitises them again before showing them, with the same
// allowlist, so a bug or an old row on the server can never run script in a shopper's browser.

const ALLOWED = new Set(
  'p br ul ol li strong b em i u h2 h3 h4 table thead tbody tr th td a img blockquote'.split(' '),
);
// Elements whose content is not text to keep when the element goes.
const DROP_WITH_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript']);

function safeUrl(value: string, schemes: readonly string[]): boolean {
  try {
    return schemes.includes(new URL(value, 'https://invalid.example').protocol);
  } catch {
    return false;
  }
}

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (!(node instanceof Element)) return [];
  const tag = node.tagName.toLowerCase();
  if (DROP_WITH_CONTENT.has(tag)) return [];
  const children = [...node.childNodes].flatMap((child) => clean(child, doc));
  if (!ALLOWED.has(tag)) return children; // unwrap: keep the text, lose the element
  const out = doc.createElement(tag);
  if (tag === 'a') {
    const href = node.getAttribute('href');
    if (
      href &&
      /^(https?:|mailto:)/i.test(href.trim()) &&
      safeUrl(href, ['http:', 'https:', 'mailto:'])
    ) {
      out.setAttribute('href', href.trim());
      out.setAttribute('rel', 'nofollow noopener');
    }
  } else if (tag === 'img') {
    const src = node.getAttribute('src');
    if (!src || !/^https:/i.test(src.trim()) || !safeUrl(src, ['https:'])) return [];
    out.setAttribute('src', src.trim());
    out.setAttribute('alt', node.getAttribute('alt') ?? '');
    out.setAttribute('loading', 'lazy');
  }
  out.append(...children);
  return [out];
}

/** `html` reduced to the allowlisted tags and attributes, as HTML text. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const box = doc.createElement('div');
  box.append(...[...doc.body.childNodes].flatMap((node) => clean(node, doc)));
  return box.innerHTML;
}
