/// <reference types="node" />
// The corpus lies outside the web app (the Go tests read it too): read from disk, not imported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

/** The XSS corpus shared with the server's sanitiser (internal/service/sanitize_test.go). */
interface Corpus {
  never: string[];
  cases: { html: string; keep?: string[]; never?: string[] }[];
}
const corpus = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../testdata/xss-corpus.json'), 'utf8'),
) as Corpus;

const ALLOWED_TAGS = new Set(
  'p br ul ol li strong b em i u h2 h3 h4 table thead tbody tr th td a img blockquote'.split(' '),
);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel'],
  img: ['src', 'alt', 'loading'],
};

/**
 * Reads `out` as the page will and returns the problems of its elements (tags off the allow-list,
 * attributes other than a link's href and rel and an image's src, alt and loading, unsafe URLs),
 * and its markup: every element's tag and attributes, lower-cased, text left out.
 */
function inspect(out: string): { problems: string[]; markup: string } {
  const doc = new DOMParser().parseFromString(out, 'text/html');
  const problems: string[] = [];
  let markup = '';
  for (const el of doc.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      problems.push(`tag ${tag}`);
    }
    markup += `<${tag}`;
    for (const { name, value } of el.attributes) {
      markup += ` ${name}="${value}"`.toLowerCase();
      const v = value.toLowerCase();
      const safe =
        (ALLOWED_ATTRIBUTES[tag] ?? []).includes(name) &&
        (name !== 'href' || /^(https?:\/\/|mailto:)/.test(v)) &&
        (name !== 'src' || v.startsWith('https://'));
      if (!safe) problems.push(`attribute ${name}="${value}" on ${tag}`);
    }
    markup += '>';
  }
  return { problems, markup };
}

describe('sanitizeHtml and the shared XSS corpus', () => {
  it('has cases', () => {
    expect(corpus.cases.length).toBeGreaterThan(40);
  });

  it.each(corpus.cases)('$html', ({ html, keep = [], never = [] }) => {
    const out = sanitizeHtml(html);
    const { problems, markup } = inspect(out);
    expect(problems).toEqual([]);
    for (const bad of [...corpus.never, ...never]) {
      expect(markup, `markup of ${out}`).not.toContain(bad.toLowerCase());
    }
    for (const good of keep) expect(out).toContain(good);
    expect(sanitizeHtml(out)).toBe(out);
  });
});
