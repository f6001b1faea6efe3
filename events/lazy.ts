/**
 * Values built on first use and kept: a Worker's global scope must run within its start-up budget
 * (Cloudflare refuses one past 1 s), so schemas, tables and documents for every family are not built at
 * import but by the first request that needs them, then cached for the isolate's life.
 *
 * @example
 * const document = lazy(() => buildDocument(routes));
 * document(); // built now, the same object on every later call
 */
export function lazy<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}

/**
 * Defines `key` on `target` as a getter that builds the value on first read and then turns into a plain
 * data property of the object it was read on (so it is built once; a copy made with `withLazy` builds its own).
 *
 * @example
 * lazyProperty(field, "schema", () => z.string().max(64));
 */
export function lazyProperty<T extends object, K extends keyof T>(target: T, key: K, build: () => T[K]): T {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get(this: T) {
      const value = build();
      Object.defineProperty(this, key, { value, writable: true, configurable: true, enumerable: true });
      return value;
    },
    set(this: T, value: T[K]) {
      Object.defineProperty(this, key, { value, writable: true, configurable: true, enumerable: true });
    },
  });
  return target;
}

/**
 * `{ ...source, ...changes }` that keeps the source's lazy properties lazy (a spread would read, and so
 * build, every one of them).
 */
export function withLazy<T extends object>(source: T, changes: Partial<T>): T {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(source)) as T;
  return Object.assign(copy, changes);
}
