/** Builds the web app into web/dist, which the Worker serves as static assets. */
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { firstScreenAreas, mergedTexts } from "./core/locales/first-screen.ts";

/**
 * `virtual:first-screen-texts/<lang>`: the first screen's texts in one language, as a module of its own. The
 * area files keep both languages side by side for their editors; the browser loads only the reader's half at
 * start (web/core/i18n.ts). Importing the area files from two language modules would not do: a module shared
 * by two chunks keeps both halves.
 */
function firstScreenTexts(): Plugin {
  const prefix = "virtual:first-screen-texts/";
  return {
    name: "qifu-first-screen-texts",
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const lang = id.slice(prefix.length + 1);
      if (lang !== "zh-CN" && lang !== "en-US") throw new Error(`no first-screen texts for ${lang}`);
      return `export default ${JSON.stringify(mergedTexts(firstScreenAreas)[lang])};`;
    },
    // the reader's chunk is fetched beside the entry, not after it has run: a few lines ahead of it in the
    // page read the language cookie (as core/i18n.ts does) and preload that one chunk
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) return undefined;
        const chunkOf = (lang: string) => Object.values(context.bundle!).find((c) => c.type === "chunk" && c.facadeModuleId === `\0${prefix}${lang}`)?.fileName;
        const [chinese, english] = [chunkOf("zh-CN"), chunkOf("en-US")];
        if (!chinese || !english) throw new Error("the first-screen text chunks are missing from the bundle");
        const preload = `(function(){var en=document.cookie.split("; ").indexOf("language=en-US")>=0;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=${JSON.stringify(`/${english}`)};if(!en)l.href=${JSON.stringify(`/${chinese}`)};document.head.appendChild(l)})()`;
        return [{ tag: "script", children: preload, injectTo: "head" }];
      },
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: "/",
  plugins: [react(), firstScreenTexts()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        // the one-language text chunks by a name the first-screen figure finds (tests/bench/web.ts)
        chunkFileNames: (chunk) => (chunk.facadeModuleId?.startsWith("\0virtual:first-screen-texts/") ? "assets/first-screen-texts.[name]-[hash].js" : "assets/[name]-[hash].js"),
      },
    },
  },
});
