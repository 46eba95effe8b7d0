import type { RouteAccess } from "./permissions.js";

/** A route's URL pattern (`/api/missions/:id/team`) as a regular expression over a concrete path. */
function patternOf(url: string): RegExp {
  const source = url
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`)))
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods the API answers on a path, from the route catalogue (every declared route): a request
 * whose path exists with another method is answered 405 with `Allow`, not the 404 of an unknown address.
 */
export function allowedMethodsOf(routes: readonly RouteAccess[]) {
  let compiled: Array<{ method: string; pattern: RegExp }> | null = null;
  return (path: string): string[] => {
    compiled ??= routes.map((r) => ({ method: r.method, pattern: patternOf(r.url) }));
    const methods = new Set(compiled.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
