/**
 * The interactive reference (/api/docs): Swagger UI from our own origin (/docs-assets, copied there by
 * scripts/build-web.mjs; no CDN), reading one module's document at a time (/api/openapi/<module>.json): the
 * page lists the modules, opens the one `?module=` names (else the first) and loads another only when the
 * reader picks it. One inline script, allowed by its hash in a strict Content-Security-Policy; "Try it
 * out" sends the web app's session token as x-hbi-token.
 */
import { escapeHtml } from "../http/html.ts";
import type { Lang } from "../../events/i18n.ts";
import { say, texts } from "./texts.ts";

/** Where build-web.mjs puts the Swagger UI files (static assets of the Worker). */
export const assetsPath = "/docs-assets";

const initScript = `(function () {
  function token() {
    var found = document.cookie.split("; ").filter(function (c) { return c.indexOf("x-tr-token=") === 0; })[0];
    return found ? decodeURIComponent(found.slice(11)) : undefined;
  }
  var select = document.getElementById("api-module");
  var wanted = new URLSearchParams(location.search).get("module");
  for (var i = 0; i < select.options.length; i++) if (select.options[i].getAttribute("data-module") === wanted) select.selectedIndex = i;
  window.ui = SwaggerUIBundle({
    url: select.value,
    dom_id: "#swagger-ui",
    deepLinking: true,
    // a module holds up to some 600 operations: the first view draws the tags alone (a click, a deep link or
    // the filter opens one), no operation rows and no schema section, so it is quick even for the largest
    docExpansion: "none",
    defaultModelsExpandDepth: -1,
    filter: true,
    maxDisplayedTags: 30,
    validatorUrl: null,
    displayRequestDuration: true,
    requestInterceptor: function (request) {
      var t = token();
      if (t && !request.headers["x-hbi-token"]) request.headers["x-hbi-token"] = t;
      return request;
    }
  });
  select.addEventListener("change", function () {
    var here = new URL(location.href);
    here.searchParams.set("module", select.options[select.selectedIndex].getAttribute("data-module"));
    here.hash = "";
    history.replaceState(null, "", here.toString());
    window.ui.specActions.updateUrl(select.value);
    window.ui.specActions.download(select.value);
  });
})();`;

let scriptHash: Promise<string> | undefined;
const hashOf = async (text: string) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))));

/** The page's Content-Security-Policy: our own origin only, the one inline script by its hash. */
export async function contentSecurityPolicy(): Promise<string> {
  const hash = await (scriptHash ??= hashOf(initScript));
  return [
    "default-src 'none'",
    `script-src 'self' 'sha256-${hash}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}


/** A module of the document as the page lists it (worker/openapi/document.ts: documentIndex). */
export interface DocModule {
  name: string;
  title: string;
  url: string;
  operations: number;
}

export function docsPage(lang: Lang, modules: DocModule[]): string {
  const options = modules.map((m) => `<option value="${escapeHtml(m.url)}" data-module="${escapeHtml(m.name)}">${escapeHtml(m.title)} (${m.name}, ${m.operations})</option>`).join("");
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(say(texts.title, lang))}</title>
<link rel="stylesheet" href="${assetsPath}/swagger-ui.css">
</head>
<body>
<div class="swagger-ui"><div class="wrapper"><label>${escapeHtml(say(texts.module, lang))} <select id="api-module" data-testid="api-module">${options}</select></label></div></div>
<div id="swagger-ui"></div>
<script src="${assetsPath}/swagger-ui-bundle.js"></script>
<script>${initScript}</script>
</body>
</html>`;
}
