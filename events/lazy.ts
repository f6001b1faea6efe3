import * as z from "zod";

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

/**
 * A zod schema built on its first use: a module-level schema declared once for the Worker, the web app and the
 * API document (events/api) costs nothing at import. The value returned is a placeholder that becomes the
 * schema itself when first touched (read, parsed, extended, tested with `instanceof`, converted by
 * `z.toJSONSchema`): the schema is built, then constructed again on the placeholder from the same definition,
 * so from then on it is an ordinary zod schema of that class, referring to itself, with its metadata
 * (`.meta()`, `.describe()`). Its type is the built schema's, so `z.infer` is unchanged.
 *
 * @example
 * export const taskRow = lazySchema(() => z.strictObject({ id: z.string(), title: z.string() }));
 * taskRow.parse(row); // built now; `taskRow` is that z.ZodObject from here on
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  const schema = Object.create(null) as T;
  const become = () => {
    const built = build();
    Object.setPrototypeOf(schema, Object.getPrototypeOf(built));
    // what `new` did for `built`, on the placeholder: zod's constructor initialises `this` from the definition
    Reflect.apply(built._zod.constr, schema, [built._zod.def]);
    if (!Object.hasOwn(schema, "_zod")) throw new Error(`lazySchema: a ${built._zod.def.type} schema could not be constructed in place`);
    if (built._zod.parent) schema._zod.parent = built._zod.parent;
    const meta = z.globalRegistry.has(built) ? z.globalRegistry.get(built) : undefined;
    if (meta) z.globalRegistry.add(schema, meta);
  };
  // until then every lookup falls through to this prototype, which builds the schema and answers from it
  Object.setPrototypeOf(
    schema,
    new Proxy(Object.create(null) as object, {
      get: (_, key, receiver) => (become(), Reflect.get(schema, key, receiver)),
      has: (_, key) => (become(), Reflect.has(schema, key)),
      set: (_, key, value, receiver) => (become(), Reflect.set(schema, key, value, receiver)),
    }),
  );
  return schema;
}
