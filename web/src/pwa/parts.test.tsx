import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFUSED_KEY } from '@/features/cart/api/offline-queue';
import { NEW_VERSION, OFFLINE_BANNER, PwaParts } from './parts';
import { offerUpdate, page, resetUpdate } from './update';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  resetUpdate();
});

describe('offline banner', () => {
  it('shows while the connection is gone, and goes when it returns', () => {
    render(<PwaParts />);
    expect(screen.queryByText(OFFLINE_BANNER)).not.toBeInTheDocument();
    goOffline(true);
    expect(screen.getByText(OFFLINE_BANNER)).toBeVisible();
    goOffline(false);
    expect(screen.queryByText(OFFLINE_BANNER)).not.toBeInTheDocument();
  });

  it('shows at once on a page opened offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<PwaParts />);
    expect(screen.getByText(OFFLINE_BANNER)).toBeVisible();
  });
});

describe('new version prompt', () => {
  it('is offered when a new worker waits, and lets it take over only on Reload', () => {
    const container = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    const postMessage = vi.fn();
    const worker = { postMessage } as unknown as ServiceWorker;
    render(<PwaParts />);
    expect(screen.queryByText(NEW_VERSION)).not.toBeInTheDocument();

    act(() => {
      offerUpdate(worker);
    });
    const prompt = screen.getByRole('status');
    expect(prompt).toHaveTextContent(NEW_VERSION);
    expect(postMessage).not.toHaveBeenCalled();

    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(postMessage).toHaveBeenCalledWith('skip-waiting');
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(reload).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('reloads at once when the new version took over already (Reload chosen in another tab)', () => {
    const container = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    const postMessage = vi.fn();
    const worker = { postMessage, state: 'installed' } as unknown as ServiceWorker;
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    render(<PwaParts />);
    act(() => {
      offerUpdate(worker);
    });
    // The other tab's choice: the worker activates, and this page's controller changes unheard.
    Object.assign(worker, { state: 'activated' });
    container.dispatchEvent(new Event('controllerchange'));

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(postMessage).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});

describe('refused bag changes', () => {
  it("lists the server's reasons until dismissed", () => {
    localStorage.setItem(
      REFUSED_KEY,
      JSON.stringify(['Add Sony WH-1000XM5 (3): Only 2 left in stock.']),
    );
    render(<PwaParts />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Some changes to your bag could not be made:');
    expect(alert).toHaveTextContent('Add Sony WH-1000XM5 (3): Only 2 left in stock.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(REFUSED_KEY)).toBeNull();
  });
});
