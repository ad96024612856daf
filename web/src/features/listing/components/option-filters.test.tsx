import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Facets } from '../api/get-facets';
import { chosenCount, listFilters, toggleValue } from '../list-filters';
import { chipsOf } from './filter-chips';
import { FilterPanel } from './filter-panel';

const facets: Facets = {
  count: 3,
  stores: [],
  brands: [],
  ratings: [],
  in_stock: 3,
  on_sale: 0,
  price: null,
  options: [
    {
      name: 'Storage',
      values: [
        { value: '128 GB', count: 1 },
        { value: '256 GB', count: 2 },
      ],
    },
    {
      name: 'Colour',
      values: [
        { value: 'Black', count: 2 },
        { value: 'Blue, Navy', count: 1 },
      ],
    },
  ],
};

function renderPanel(query: string) {
  const onChange = vi.fn<(next: URLSearchParams) => void>();
  render(<FilterPanel params={new URLSearchParams(query)} facets={facets} onChange={onChange} />);
  return onChange;
}

describe('option filters', () => {
  it('shows each option name as a group of values with their counts', () => {
    renderPanel('');
    const storage = screen.getByRole('group', { name: 'Storage' });
    expect(within(storage).getByRole('checkbox', { name: '256 GB(2products)' })).not.toBeChecked();
    expect(within(storage).getByRole('checkbox', { name: '128 GB(1product)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Colour' })).toBeInTheDocument();
  });

  it('adds a value as its own option parameter, keeping the others', () => {
    const onChange = renderPanel('option=Storage%3A256+GB&ordering=unit_price');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Blue, Navy/ }));
    const next = onChange.mock.calls[0]?.[0];
    expect(next?.getAll('option')).toEqual(['Storage:256 GB', 'Colour:Blue, Navy']);
    expect(next?.get('ordering')).toBe('unit_price');
  });

  it('checks a chosen value whatever its case and spacing, and removes it', () => {
    const onChange = renderPanel('option=storage%3A256++gb');
    const box = screen.getByRole('checkbox', { name: /^256 GB/ });
    expect(box).toBeChecked();
    fireEvent.click(box);
    expect(onChange.mock.calls[0]?.[0].getAll('option')).toEqual([]);
  });

  it('lists chosen values as chips and counts them as filters', () => {
    const params = new URLSearchParams('option=Storage%3A256+GB&option=Colour%3ABlack&brand=Apple');
    const chips = chipsOf(params, facets, true);
    expect(chips.map((c) => c.label)).toEqual(['Apple', 'Storage: 256 GB', 'Colour: Black']);
    expect(chips[1]?.next.getAll('option')).toEqual(['Colour:Black']);
    expect(chosenCount(params)).toBe(3);
    expect(listFilters(params).option).toEqual(['Storage:256 GB', 'Colour:Black']);
  });

  it('keeps values with colons whole', () => {
    const next = toggleValue(new URLSearchParams(), 'option', 'Ratio:16:9');
    expect(next.toString()).toBe('option=Ratio%3A16%3A9');
  });
});
