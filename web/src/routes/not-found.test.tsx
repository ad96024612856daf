import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

describe('not-found page', () => {
  it('answers any unknown path with the 404 texts and a way home', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText("Oops! You've discovered uncharted space")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Beam Me Home' })).toHaveAttribute('href', '/');
    // The title is set by an effect that may land after the first paint.
    await waitFor(() => {
      expect(document.title).toBe('Page not found · Dwa');
    });
  });

  it('goes home when Beam Me Home is clicked', async () => {
    server.use(http.get('/api/store/categories/', () => HttpResponse.json([])));
    const { location } = renderApp('/nowhere');

    await userEvent.click(await screen.findByRole('link', { name: 'Beam Me Home' }));

    expect(
      await screen.findByRole('heading', { name: 'Discover Our Collections' }),
    ).toBeInTheDocument();
    expect(location.current.pathname).toBe('/');
  });
});
