import { afterEach, describe, expect, it, vi } from 'vitest';

// main.tsx renders the app inside startTransition, so that React renders it in short slices
// instead of one long task (decision 0031). React tells no component whether it renders in a
// transition, so the test watches the calls: render must come from within startTransition.
const seen = vi.hoisted(() => ({ inTransition: false, renders: [] as boolean[] }));

vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react')>();
  return {
    ...actual,
    startTransition: (scope: () => void) => {
      seen.inTransition = true;
      try {
        scope();
      } finally {
        seen.inTransition = false;
      }
    },
  };
});
vi.mock('react-dom/client', () => ({
  createRoot: () => ({ render: () => seen.renders.push(seen.inTransition) }),
}));
vi.mock('./app/router', () => ({ AppRoutes: () => null, preloadPage: () => Promise.resolve() }));
vi.mock('./lib/pwa-schedule', () => ({ startPwa: () => undefined }));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('main', () => {
  it('renders the app once, as a transition', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await import('./main');
    await vi.waitFor(() => {
      expect(seen.renders).toHaveLength(1);
    });
    expect(seen.renders).toEqual([true]);
  });
});
