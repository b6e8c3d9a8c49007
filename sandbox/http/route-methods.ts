/**
 * RFC 9110 §15.5.6: a path the sandbox serves, asked with a method it does
 * not take, is `405 Method Not Allowed` with `Allow` listing the methods it
 * does take; only a path it does not serve at all is `404`. Every route
 * Fastify registers is recorded here (its `onRoute` hook).
 */
interface RoutePath {
  /** The route's URL as a pattern: a `:param` stands for one path segment, `*` for the rest. */
  pattern: RegExp;
  methods: Set<string>;
}

function patternOf(url: string): RegExp {
  const segments = url.split('/').map((segment) => {
    if (segment.startsWith(':')) {
      return '[^/]+';
    }
    if (segment === '*') {
      return '.*';
    }
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}

export class RouteMethods {
  private readonly paths = new Map<string, RoutePath>();

  add(url: string, method: string | string[]): void {
    let path = this.paths.get(url);
    if (path === undefined) {
      path = { pattern: patternOf(url), methods: new Set() };
      this.paths.set(url, path);
    }
    for (const name of typeof method === 'string' ? [method] : method) {
      path.methods.add(name.toUpperCase());
    }
  }

  /** The methods a path (without its query) is served with, sorted; none when no route has it. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.paths.values()) {
      if (route.pattern.test(path)) {
        route.methods.forEach((method) => methods.add(method));
      }
    }
    return [...methods].sort();
  }
}
