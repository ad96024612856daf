import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { shopperMe } from '@/test/fixtures';
import { fakeJwt } from '@/test/tokens';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const review = {
  id: 9,
  product: { id: 101, name: 'X-Box Series S 512GB' },
  user: 17,
  author: 'ama_k',
  review: 'Works great.',
  date_created: '2026-03-01T09:00:00.000Z',
  status: 'pending',
  is_verified: false,
};
const rating = {
  id: 4,
  product: { id: 101, name: 'X-Box Series S 512GB' },
  user: 18,
  username: 'kofi',
  rating: 4,
  date_created: '2026-03-01T10:00:00.000Z',
  status: 'pending',
  is_verified: false,
};

function asStaff(isStaff = true) {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get('/api/auth/users/me/', () => HttpResponse.json({ ...shopperMe, is_staff: isStaff })),
  );
}

describe('staff moderation', () => {
  it('lists the pending reviews and ratings with product and author, and approves one', async () => {
    let approved = '';
    let reviews = [review];
    asStaff();
    server.use(
      http.get('/api/admin/reviews/', ({ request }) => {
        expect(new URL(request.url).searchParams.get('status')).toBe('pending');
        return HttpResponse.json(reviews);
      }),
      http.get('/api/admin/ratings/', () => HttpResponse.json([rating])),
      http.post('/api/admin/reviews/:id/approve/', ({ params }) => {
        approved = String(params.id);
        reviews = [];
        return HttpResponse.json({ ...review, status: 'approved', is_verified: true });
      }),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    expect(await screen.findByText('Works great.')).toBeInTheDocument();
    const item = screen.getByText('Works great.').closest('li');
    expect(item).not.toBeNull();
    expect(
      within(item as HTMLElement).getByRole('link', { name: 'X-Box Series S 512GB' }),
    ).toHaveAttribute('href', '/store/products/101');
    expect(within(item as HTMLElement).getByText(/by ama_k/)).toBeInTheDocument();
    expect(screen.getByText('4 of 5')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Approve the review by ama_k of X-Box Series S 512GB' }),
    );
    expect(
      await screen.findByText('the review by ama_k of X-Box Series S 512GB approved.'),
    ).toBeInTheDocument();
    expect(approved).toBe('9');
    expect(await screen.findByText('No reviews are waiting.')).toBeInTheDocument();
  });

  it('rejects a rating', async () => {
    let rejected = '';
    asStaff();
    server.use(
      http.get('/api/admin/reviews/', () => HttpResponse.json([])),
      http.get('/api/admin/ratings/', () => HttpResponse.json([rating])),
      http.post('/api/admin/ratings/:id/reject/', ({ params }) => {
        rejected = String(params.id);
        return HttpResponse.json({ ...rating, status: 'rejected' });
      }),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Reject the rating by kofi of X-Box Series S 512GB',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('rejected.');
    expect(rejected).toBe('4');
  });

  it('tells a shopper the area is for staff, without asking for the queue', async () => {
    asStaff(false);
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { name: 'This area is for Dwa staff.' }),
    ).toBeInTheDocument();
  });

  it('is linked from the profile menu for staff only', async () => {
    asStaff();
    server.use(
      http.get('/api/admin/reviews/', () => HttpResponse.json([])),
      http.get('/api/admin/ratings/', () => HttpResponse.json([])),
    );
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('link', { name: 'Staff area' }));
    expect(await screen.findByText('No ratings are waiting.')).toBeInTheDocument();
  });
});
