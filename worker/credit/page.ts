/**
 * The report as a printable HTML page: exactly the report's sections, its assembly time, source and the
 * SHA-256 of its canonical JSON (./read.ts) — what the read log keeps — with print styles. Everything
 * shown is escaped; the page loads nothing, and its one handler is the print button's (window.print).
 */
import { escapeHtml } from "../http/html.ts";
import type { CreditReport } from "../../events/api/credit.ts";
import { fill, type Lang } from "../../events/i18n.ts";
import { displayTime } from "../time.ts";
import { reportTexts as T } from "./texts.ts";
import { rowsPerList } from "./report.ts";

/** The print button's handler, and the page's policy: its own inline styles, that one handler by its hash, framed by our own screens only. */
const printHandler = "window.print()";
export const reportPagePolicy = `default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-hashes' 'sha256-MguIPR6qNR8D3B+eAlK+bIRTZe8t3wkOY4B/56Me9FU='; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`;


const style = `
body{font-family:"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1f2328;margin:0;background:#f6f7f9}
main{max-width:1000px;margin:24px auto;background:#fff;padding:32px 40px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:24px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px;border-left:4px solid #1c7ed6;padding-left:8px}
.meta{color:#57606a;font-size:13px;margin:2px 0}.hash{font-family:ui-monospace,monospace;word-break:break-all}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{border:1px solid #d0d7de;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa;font-weight:600}dl{display:grid;grid-template-columns:220px 1fr;margin:0;font-size:13px}
dt,dd{border-bottom:1px solid #eaeef2;padding:6px 8px;margin:0}dt{color:#57606a}
.empty{color:#57606a;font-size:13px}.note{color:#57606a;font-size:12px}.toolbar{text-align:right}
@media print{body{background:#fff}main{box-shadow:none;margin:0;max-width:none;padding:0}.toolbar{display:none}h2{break-after:avoid}tr{break-inside:avoid}}`;

const page = (lang: Lang, title: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;

export interface ShownReport {
  report: CreditReport;
  hash: string;
  authId: string;
  readerName: string;
}

/** The report's page. */
export function reportPage({ report, hash, authId, readerName }: ShownReport, lang: Lang): string {
  const sections = report.sections
    .map((s) => {
      if (s.kind === "fields") return `<section><h2>${escapeHtml(s.title)}</h2><dl>${s.items.map((i) => `<dt>${escapeHtml(i.label)}</dt><dd>${escapeHtml(i.value) || "—"}</dd>`).join("")}</dl></section>`;
      const head = `<h2>${escapeHtml(s.title)}</h2>`;
      if (s.rows.length === 0) return `<section>${head}<p class="empty">${escapeHtml(T.noRecords[lang])}</p></section>`;
      const more = s.total > s.rows.length ? `<p class="note">${escapeHtml(fill(T.moreRecords[lang], { total: s.total, shown: Math.min(s.rows.length, rowsPerList) }))}</p>` : "";
      return `<section>${head}<table><thead><tr>${s.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr></thead><tbody>${s.rows.map((r) => `<tr>${r.map((v) => `<td>${escapeHtml(v)}</td>`).join("")}</tr>`).join("")}</tbody></table>${more}</section>`;
    })
    .join("");
  const colon = lang === "zh-CN" ? "：" : ": ";
  const source = report.source === "qifu" ? T.ownSource[lang] : report.source;
  const header =
    `<div class="toolbar"><button type="button" onclick="${printHandler}">${escapeHtml(T.print[lang])}</button></div>` +
    `<h1>${escapeHtml(T.title[lang])}</h1><h1 data-testid="report-enterprise">${escapeHtml(report.entName)}</h1>` +
    `<p class="meta">${escapeHtml(T.assembledAt[lang])}${colon}<span data-testid="report-assembled">${escapeHtml(displayTime(report.assembledAt))}</span></p>` +
    `<p class="meta">${escapeHtml(T.source[lang])}${colon}${escapeHtml(source)}</p>` +
    `<p class="meta">${escapeHtml(T.authorisation[lang])}${colon}${escapeHtml(authId)} · ${escapeHtml(T.reader[lang])}${colon}${escapeHtml(readerName)}</p>` +
    `<p class="meta">${escapeHtml(T.hash[lang])}${colon}<span class="hash" data-testid="report-hash">${escapeHtml(hash)}</span></p>` +
    `<p class="note">${escapeHtml(T.hashNote[lang])}</p>`;
  return page(lang, `${T.title[lang]} · ${report.entName}`, header + sections);
}

/** The page a refused read gets (the refusal is logged). */
export const refusedPage = (message: string, lang: Lang) => page(lang, T.refused[lang], `<h1>${escapeHtml(T.refused[lang])}</h1><p data-testid="report-refused">${escapeHtml(message)}</p>`);
