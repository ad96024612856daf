import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_ORDER } from '@/lib/online';
import { CheckoutForm } from './checkout-form';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('checkout offline', () => {
  it('does not start, says why, and starts again once connected', () => {
    setOnline(false);
    render(
      <CheckoutForm
        blocked={null}
        onPlaced={() => undefined}
        lines={{ count: 1, total: 129_900 }}
        bag={[{ store: 1, product: 7, quantity: 1 }]}
      />,
    );
    expect(screen.getByText(OFFLINE_ORDER)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    setOnline(true);
    expect(screen.queryByText(OFFLINE_ORDER)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  });
});
