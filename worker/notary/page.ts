/**
 * The public verify page as HTML (no script, no sign-in): the application, whether the record and its
 * chain are unchanged, each check, and the path of hashes of both chains. Every value is escaped.
 */
import { escapeHtml } from "../http/html.ts";
import type { ChainLinkRow, VerifyReport } from "../../events/api/notary.ts";
import type { Lang } from "../../events/i18n.ts";

const texts = {
  "zh-CN": {
    title: "存证核验",
    number: "申请号",
    kindLabel: "类型",
    statusLabel: "状态",
    kind: { notary: "存证", confirm: "确权" },
    status: { applied: "待办理", notarised: "已存证", refused: "已驳回" },
    subject: "文件",
    handled: "存证时间",
    txHash: "交易哈希",
    valid: "核验通过：记录与事件链均未被改动",
    invalid: "核验未通过：记录或事件链已被改动",
    pending: "尚未存证，无可核验的锚定",
    checks: { notaryChain: "存证事件链逐环重算一致", anchor: "交易哈希等于存证事件的链值", subjectChain: "文件事件链重算至锚定版本一致", subjectContent: "文件内容哈希与锚定值一致" },
    yes: "通过",
    no: "未通过",
    notaryPath: "存证事件链",
    subjectPath: "文件事件链（至锚定版本）",
    columns: ["版本", "事件", "时间", "前一哈希", "存储哈希", "重算哈希", "结果"],
    missing: "没有该存证申请",
  },
  "en-US": {
    title: "Notarisation verification",
    number: "Application no.",
    kindLabel: "Kind",
    statusLabel: "Status",
    kind: { notary: "Notarisation", confirm: "Rights confirmation" },
    status: { applied: "Waiting", notarised: "Notarised", refused: "Refused" },
    subject: "File",
    handled: "Notarised at",
    txHash: "Transaction hash",
    valid: "Verified: the record and its chain are unchanged",
    invalid: "Verification failed: the record or its chain has been altered",
    pending: "Not notarised yet: nothing is anchored to verify",
    checks: { notaryChain: "The application's chain recomputes link by link", anchor: "The transaction hash is the notarising event's chain value", subjectChain: "The file's chain recomputes up to the anchored version", subjectContent: "The file's content hash matches the anchored one" },
    yes: "passed",
    no: "failed",
    notaryPath: "Application chain",
    subjectPath: "File chain (up to the anchored version)",
    columns: ["Version", "Event", "Time", "Previous hash", "Stored hash", "Recomputed hash", "Result"],
    missing: "No such application",
  },
} as const;


const shell = (lang: Lang, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(texts[lang].title)}</title>` +
  `<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1f2937}h1{font-size:1.5rem}` +
  `.verdict{padding:.8rem 1rem;border-radius:6px;font-weight:600}.ok{background:#dcfce7;color:#166534}.bad{background:#fee2e2;color:#991b1b}.wait{background:#fef9c3;color:#854d0e}` +
  `dl{display:grid;grid-template-columns:10rem 1fr;gap:.3rem 1rem}dt{color:#6b7280}dd{margin:0;word-break:break-all}table{border-collapse:collapse;width:100%;font-size:.8rem;margin-bottom:1.5rem}` +
  `th,td{border:1px solid #e5e7eb;padding:.3rem .4rem;text-align:left;vertical-align:top}td.h{font-family:ui-monospace,monospace;word-break:break-all}tr.broken td{background:#fee2e2}</style></head><body>${body}</body></html>`;

function pathTable(lang: Lang, links: readonly ChainLinkRow[], testId: string): string {
  const T = texts[lang];
  const head = `<tr>${T.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr>`;
  const rows = links
    .map((k) => `<tr data-version="${k.version}" class="${k.ok ? "" : "broken"}"><td>${k.version}</td><td>${escapeHtml(k.type)}</td><td>${escapeHtml(k.at)}</td><td class="h">${escapeHtml(k.previous || "—")}</td><td class="h">${escapeHtml(k.stored)}</td><td class="h">${escapeHtml(k.computed)}</td><td>${k.ok ? T.yes : T.no}</td></tr>`)
    .join("");
  return `<table data-testid="${testId}">${head}${rows}</table>`;
}

export function verifyPage(lang: Lang, applicationNo: string, report: VerifyReport | null): string {
  const T = texts[lang];
  if (!report) return shell(lang, `<h1>${escapeHtml(T.title)}</h1><p class="verdict bad" data-testid="verify-verdict" data-valid="false">${escapeHtml(T.missing)}: ${escapeHtml(applicationNo)}</p>`);
  const verdict = report.status !== "notarised" ? ["wait", T.pending] : report.valid ? ["ok", T.valid] : ["bad", T.invalid];
  const checks = (Object.keys(T.checks) as (keyof typeof T.checks)[])
    .map((k) => `<li data-check="${k}" data-ok="${report.checks[k]}">${escapeHtml(T.checks[k])}: <strong>${report.checks[k] ? T.yes : T.no}</strong></li>`)
    .join("");
  return shell(
    lang,
    `<h1>${escapeHtml(T.title)}</h1>` +
      `<p class="verdict ${verdict[0]}" data-testid="verify-verdict" data-valid="${report.valid}">${escapeHtml(verdict[1]!)}</p>` +
      `<dl><dt>${T.number}</dt><dd data-testid="verify-number">${escapeHtml(report.applicationNo)}</dd><dt>${T.kindLabel}</dt><dd>${escapeHtml(T.kind[report.kind])}</dd><dt>${T.statusLabel}</dt><dd data-testid="verify-status">${escapeHtml(T.status[report.status])}</dd>` +
      `<dt>${T.subject}</dt><dd>${escapeHtml(report.subjectName)}</dd><dt>${T.handled}</dt><dd>${escapeHtml(report.handleTime ?? "—")}</dd>` +
      `<dt>${T.txHash}</dt><dd data-testid="verify-txhash" class="h">${escapeHtml(report.txHash ?? "—")}</dd></dl>` +
      (report.status === "notarised" ? `<ul data-testid="verify-checks">${checks}</ul>` : "") +
      `<h2>${T.notaryPath}</h2>${pathTable(lang, report.path.notary, "verify-path-notary")}` +
      (report.path.subject.length ? `<h2>${T.subjectPath}</h2>${pathTable(lang, report.path.subject, "verify-path-subject")}` : ""),
  );
}
