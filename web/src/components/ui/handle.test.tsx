import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Handle } from './handle';

describe('Handle', () => {
  it.each([
    ['kwame_asante_1987', 'kwame_<wbr>asante_<wbr>1987'],
    ['ama.serwaa@example.com', 'ama.<wbr>serwaa@<wbr>example.<wbr>com'],
    ['kofi', 'kofi'],
  ])('lets %s wrap after its separators only', (text, html) => {
    const { container } = render(<Handle text={text} />);
    expect(container.innerHTML).toBe(html);
    expect(container.textContent).toBe(text);
  });
});
