import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { categoryTree, sellerAt, sellerProduct } from '@/test/seller-fixtures';
import { server } from '@/test/server';

const front = { id: 31, image: '/media/uploads/products/12/aaaa-1024.jpg' };
const back = { id: 32, image: '/media/uploads/products/12/bbbb-640.jpg' };
const images = [front, back];

function editing(product = sellerProduct(12, { images })) {
  server.use(
    http.get('/api/store/categories/', () => HttpResponse.json(categoryTree)),
    http.get('/api/seller/products/12/', () => HttpResponse.json(product)),
  );
  sellerAt('/seller/products/12');
}

const imagesAlert = () => within(screen.getByRole('region', { name: 'Images' })).getByRole('alert');

const png = (bytes: number) =>
  new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' });

describe('product images', () => {
  it('shows the gallery, smallest renditions first in line', async () => {
    editing();
    const first = await screen.findByRole('img', { name: 'Image 1 of Product 12' });
    expect(first).toHaveAttribute('src', '/media/uploads/products/12/aaaa-320.jpg');
    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('uploads a picture as multipart form data in the field "image"', async () => {
    let field: FormDataEntryValue | null = null;
    editing(sellerProduct(12));
    server.use(
      http.post('/api/seller/products/12/images/', async ({ request }) => {
        field = (await request.formData()).get('image');
        return HttpResponse.json(sellerProduct(12, { images: [front] }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Add an image'), png(1000));
    expect(await screen.findByText('Image added.')).toBeInTheDocument();
    expect(typeof field).toBe('object'); // a file, not a text field
    expect((field as unknown as Blob).type).toBe('image/png');
    expect(screen.getByRole('img', { name: 'Image 1 of Product 12' })).toBeInTheDocument();
  });

  it('refuses a file over 8 MB or of another type without sending it', async () => {
    let posts = 0;
    editing(sellerProduct(12));
    server.use(
      http.post('/api/seller/products/12/images/', () => {
        posts += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Add an image');
    await user.upload(input, png(8 * 1024 * 1024 + 1));
    await waitFor(() => {
      expect(imagesAlert()).toHaveTextContent('The image is larger than 8 MB.');
    });
    await user.upload(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    await waitFor(() => {
      expect(imagesAlert()).toHaveTextContent('Upload a JPEG, PNG or WebP image.');
    });
    expect(posts).toBe(0);
  });

  it("shows the server's reason for a refused picture", async () => {
    editing(sellerProduct(12));
    server.use(
      http.post('/api/seller/products/12/images/', () =>
        HttpResponse.json(
          { image: ['The image must be at least 200 × 200 pixels.'] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Add an image'), png(100));
    await waitFor(() => {
      expect(imagesAlert()).toHaveTextContent('The image must be at least 200 × 200 pixels.');
    });
  });

  it('moves an image and removes one', async () => {
    let order: unknown;
    let deleted = '';
    editing();
    server.use(
      http.put('/api/seller/products/12/images/order/', async ({ request }) => {
        order = await request.json();
        return HttpResponse.json(sellerProduct(12, { images: [back, front] }));
      }),
      http.delete('/api/seller/products/12/images/:image/', ({ params }) => {
        deleted = String(params.image);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move image 2 earlier' }));
    expect(await screen.findByText('Images reordered.')).toBeInTheDocument();
    expect(order).toEqual({ order: [32, 31] });
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => {
      expect(deleted).toBe('32');
    });
    expect(await screen.findByText('Image removed.')).toBeInTheDocument();
  });
});
