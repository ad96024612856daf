import { describe, expect, it } from 'vitest';
import { parseDigitalAddress } from './digital-address';

describe('parseDigitalAddress', () => {
  it.each([
    ['GA-183-8164', 'GA-183-8164'],
    ['ga1838164', 'GA-183-8164'],
    [' ga 183 8164 ', 'GA-183-8164'],
    ['GA183-8164', 'GA-183-8164'],
    ['GA-1838164', 'GA-183-8164'],
    ['ak-0395-0281', 'AK-0395-0281'],
    ['E5-200-1987', 'E5-200-1987'],
  ])('%s reads %s', (text, canonical) => {
    expect(parseDigitalAddress(text)).toBe(canonical);
  });

  it.each([
    '',
    'GA',
    'GA-18-8164',
    'GA-18345-8164',
    'GA-183-816',
    '5A-183-8164',
    'GA_183_8164',
    'GA-183-8164-1',
  ])('refuses %j', (text) => {
    expect(parseDigitalAddress(text)).toBeNull();
  });
});
