import { describe, expect, it } from 'vitest';
import { storeIdOf, storePath } from './store-path';

describe('storePath', () => {
  it('is the id and the name as plain words', () => {
    expect(storePath({ id: 7, name: 'Ébène Beauty & Co.' })).toBe('/stores/7-ebene-beauty-co');
    expect(storePath({ id: 12, name: '  Accra   Game Hub ' })).toBe('/stores/12-accra-game-hub');
  });

  it('is the id alone when the name has no letters or digits', () => {
    expect(storePath({ id: 3, name: '★★★' })).toBe('/stores/3');
  });
});

describe('storeIdOf', () => {
  it('reads the leading id, whatever words follow', () => {
    expect(storeIdOf('7-ebene-beauty-co')).toBe(7);
    expect(storeIdOf('7-an-old-name')).toBe(7);
    expect(storeIdOf('7')).toBe(7);
  });

  it('is 0 without a leading id', () => {
    expect(storeIdOf('ebene-beauty')).toBe(0);
    expect(storeIdOf('7abc')).toBe(0);
    expect(storeIdOf(undefined)).toBe(0);
    expect(storeIdOf('99999999999999999999-x')).toBe(0);
  });
});
