/**
 * workerd's own modules (`cloudflare:workers`, …) do not exist in Node: each named import of one in the
 * bundle's source is stubbed with an empty class, enough for the Worker's global scope to run in Node
 * (nothing is called at import). Used by the start-up bench and the import trace.
 */
import { registerHooks } from "node:module";

export function stubWorkerdModules(source: string) {
  const names = new Map<string, Set<string>>();
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](cloudflare:[\w-]+)["']/g)) {
    const set = names.get(m[2]!) ?? new Set<string>();
    for (const part of m[1]!.split(",")) {
      const name = part.trim().split(/\s+as\s+/)[0]!.trim();
      if (name) set.add(name);
    }
    names.set(m[2]!, set);
  }
  registerHooks({
    resolve: (specifier, context, next) => (specifier.startsWith("cloudflare:") ? { url: `stub:${specifier}`, shortCircuit: true } : next(specifier, context)),
    load: (url, context, next) => {
      if (!url.startsWith("stub:")) return next(url, context);
      const exported = [...(names.get(url.slice(5)) ?? [])].map((n) => `export class ${n} {}`).join("\n");
      return { format: "module", source: `${exported}\nexport default {};`, shortCircuit: true };
    },
  });
}
