import type { RouteOptions } from 'fastify';

/** The API routes registered in an app (collected by createTestContext's onRoute), HEAD twins and docs left out. */
export function apiRoutes(routes: RouteOptions[]): { method: string; url: string; route: RouteOptions }[] {
  const seen = new Map<string, { method: string; url: string; route: RouteOptions }>();
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
      seen.set(`${method} ${route.url}`, { method, url: route.url, route });
    }
  }
  return [...seen.values()].sort((x, y) => `${x.method} ${x.url}`.localeCompare(`${y.method} ${y.url}`));
}

/** 'METHOD /api/...' of every API operation registered in an app. */
export const apiOperations = (routes: RouteOptions[]): string[] => apiRoutes(routes).map((r) => `${r.method} ${r.url}`);
