import { describe, expect, it } from 'vitest';
import { smallest, srcSet } from './responsive-image';

describe('srcSet', () => {
  it('lists the renditions up to the widest one stored', () => {
    expect(srcSet('/media/uploads/products/12/a1b2c3d4e5f60718-1024.jpg')).toBe(
      '/media/uploads/products/12/a1b2c3d4e5f60718-320.jpg 320w, ' +
        '/media/uploads/products/12/a1b2c3d4e5f60718-640.jpg 640w, ' +
        '/media/uploads/products/12/a1b2c3d4e5f60718-1024.jpg 1024w',
    );
    expect(srcSet('/media/uploads/products/3/ff00-320.jpg')).toBe(
      '/media/uploads/products/3/ff00-320.jpg 320w',
    );
  });

  it('keeps the origin of an absolute URL (the API answers them so)', () => {
    expect(srcSet('https://shop.example/media/uploads/products/12/abc-640.jpg')).toBe(
      'https://shop.example/media/uploads/products/12/abc-320.jpg 320w, ' +
        'https://shop.example/media/uploads/products/12/abc-640.jpg 640w',
    );
    expect(smallest('http://localhost:8080/media/uploads/products/12/abc-1024.jpg')).toBe(
      'http://localhost:8080/media/uploads/products/12/abc-320.jpg',
    );
  });

  it('leaves other images alone', () => {
    for (const url of [
      '/media/demo/products/x-box-series-x-1.svg',
      'https://cdn.example.com/p/101-1.jpg',
      '/media/uploads/products/12/../x-1024.jpg',
    ])
      expect(srcSet(url)).toBeUndefined();
  });
});

describe('smallest', () => {
  it('picks the 320 rendition of an upload, else the URL', () => {
    expect(smallest('/media/uploads/products/12/abc-1024.jpg')).toBe(
      '/media/uploads/products/12/abc-320.jpg',
    );
    expect(smallest('/media/demo/products/a.svg')).toBe('/media/demo/products/a.svg');
  });
});
