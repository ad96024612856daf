import { Fragment } from 'react';

/**
 * An e-mail address or a username: one unbroken word that a 320 px screen may not hold. It
 * wraps after its '@', '_' or '.' — 'kwame_asante_kumasi_' and '1987', 'ama.serwaa@' and
 * 'example.com' — and nowhere else, never letter by letter.
 */
export function Handle({ text }: { text: string }) {
  const parts = text.split(/(?<=[@_.])/);
  if (parts.length === 1) return text;
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
