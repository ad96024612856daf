/// <reference types="node" />
// The fixture lies outside the web app (the Go test reads it too): read from disk, not imported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRoutesFromChildren, matchPath, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { routes as adminRoutes } from './admin-routes';
import { routes } from './router';
import { routes as sellerRoutes } from './seller-routes';

/**
 * Every client route with a URL that loads it (internal/httpapi/client_routes_test.go asks the
 * server for each URL and wants the app with 200: a route missing from the server's table is a
 * 404 on reload).
 */
interface Fixture {
  routes: { route: string; url: string }[];
}
const fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../testdata/client-routes.json'), 'utf8'),
) as Fixture;

/** A path with optional segments ('/a/:b?') as every path it stands for ('/a', '/a/:b'). */
function expandOptional(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const firstOptional = segments.findIndex((s) => s.endsWith('?'));
  if (firstOptional < 0) return [path];
  return segments.slice(firstOptional - 1).map(
    (_, i) =>
      '/' +
      segments
        .slice(0, firstOptional + i)
        .map((s) => s.replace(/\?$/, ''))
        .join('/'),
  );
}

/** The tables of the lazily loaded areas, by the '/*' path that renders them. */
const AREAS: Record<string, ReactNode> = { 'seller/*': sellerRoutes, 'admin/*': adminRoutes };

/** The full paths of the route table (layout routes add nothing; '*' is the not-found page). */
function routePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path?.endsWith('/*')) {
      const area = AREAS[route.path];
      if (area === undefined) throw new Error(`no route table for ${route.path}`);
      const base = `${parent}/${route.path.slice(0, -2)}`;
      return routePaths(createRoutesFromChildren(area), base);
    }
    const path = route.path ? `${parent}/${route.path}` : parent;
    if (route.children) return routePaths(route.children, path);
    if (route.path === '*') return [];
    return expandOptional(path || '/');
  });
}

describe('client routes (testdata/client-routes.json)', () => {
  const paths = routePaths(createRoutesFromChildren(routes));

  it('lists every route of app/router.tsx, and nothing else', () => {
    expect(fixture.routes.map((r) => r.route).sort()).toEqual([...paths].sort());
  });

  it.each(fixture.routes)('$url is a URL of $route', ({ route, url }) => {
    expect(matchPath(route, new URL(url, 'https://dwa.example').pathname)).not.toBeNull();
  });
});
