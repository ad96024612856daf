import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';

// Counts the loads of the category menu's panel module: hovering its button fetches it ahead.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./category-menu-panel', () => {
  loads.count += 1;
  return { default: () => <p>Categories panel</p> };
});

async function openAccountMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Account' }));
  return screen.getByRole('switch', { name: 'Data saver' });
}

describe('data saver switch', () => {
  it('is in the profile menu, off by default, and remembered on the device', async () => {
    const { unmount } = renderApp('/forgot-password');
    const toggle = await openAccountMenu();
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(window.localStorage.getItem('dwa-data-saver')).toBe('on');
    // The server's page follows the switch too (internal/httpapi/page.go).
    expect(document.cookie).toContain('dwa-data-saver=on');
    unmount();

    renderApp('/forgot-password');
    expect(await openAccountMenu()).toBeChecked();
  });

  it("is on by default when the server saw Save-Data, and the shopper's choice wins", async () => {
    const meta = document.createElement('meta');
    meta.name = 'save-data';
    meta.content = 'on';
    document.head.append(meta);
    try {
      renderApp('/forgot-password');
      const toggle = await openAccountMenu();
      expect(toggle).toBeChecked();
      fireEvent.click(toggle);
      expect(toggle).not.toBeChecked();
      expect(window.localStorage.getItem('dwa-data-saver')).toBe('off');
      expect(document.cookie).toContain('dwa-data-saver=off');
    } finally {
      meta.remove();
    }
  });
});

describe('prefetching', () => {
  it("does not fetch the category menu's code on hover in data-saver mode, only on a click", async () => {
    window.localStorage.setItem('dwa-data-saver', 'on');
    loads.count = 0;
    renderApp('/forgot-password');
    const menu = await screen.findByRole('button', { name: 'All Categories' });
    fireEvent.pointerEnter(menu);
    fireEvent.focus(menu);
    expect(loads.count).toBe(0);
    fireEvent.click(menu);
    expect(await screen.findByText('Categories panel')).toBeInTheDocument();
    expect(loads.count).toBe(1);
  });
});
