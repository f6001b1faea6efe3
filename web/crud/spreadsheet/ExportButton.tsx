/**
 * The Export menu of a list (shown only with the family's `<perm>:export` tag): xlsx or csv of what the
 * list shows (its filters, keyword, sort and visible columns), written by the server as it streams and
 * saved under the name the server gives; the bytes received show while it streams.
 *
 * @example
 * <ExportButton family={family} query={{ filters, keyword, sort, columns }} />
 */
import { notifications } from "@mantine/notifications";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../../events/family.ts";
import type { Lang } from "../../../events/i18n.ts";
import { request } from "../../core/api/http.ts";
import { hasPermission } from "../../core/session.ts";
import { formatBytes, nameOf, saveBlob } from "./download.ts";
import { ExportMenu, type ExportFormat } from "./ExportMenu.tsx";

export type { ExportFormat };

/** The list's current state, as the export takes it. */
export interface ExportQuery {
  /** declared filters with a value */
  filters: Record<string, unknown>;
  /** the search box's text @default "" */
  keyword?: string;
  /** the list's sort, null for the family's default @default null */
  sort?: { field: string; order: string } | null;
  /** visible columns in order @default family.columns */
  columns?: string[];
}

export interface ExportButtonProps {
  family: Family;
  query: ExportQuery;
}

/** An export may stream for a long while. */
const exportTimeoutMs = 30 * 60_000;

export function ExportButton({ family, query }: ExportButtonProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [busy, setBusy] = useState(false);
  if (!hasPermission(family.tags.export)) return null;

  const run = async (format: ExportFormat) => {
    setBusy(true);
    const id = `export-${family.name}-${Date.now()}`;
    notifications.show({ id, loading: true, autoClose: false, withCloseButton: false, message: t("io.exporting", { size: formatBytes(0) }) });
    let last = 0;
    try {
      const answer = await request<Blob>(`${family.path}/excel/export`, {
        method: "POST",
        blob: true,
        timeoutMs: exportTimeoutMs,
        body: { filters: query.filters, keyword: query.keyword ?? "", sort: query.sort ?? null, columns: query.columns ?? family.columns, format },
        onProgress: (received) => {
          // a few updates a second are enough
          if (Date.now() - last < 250) return;
          last = Date.now();
          notifications.update({ id, loading: true, autoClose: false, message: t("io.exporting", { size: formatBytes(received) }) });
        },
      });
      const name = nameOf(answer.data, `${family.label[lang]}-${dayjs().format("YYYYMMDD")}.${format}`);
      saveBlob(answer.data, name);
      notifications.update({ id, loading: false, color: "green", autoClose: 3000, withCloseButton: true, message: t("io.exported", { name }) });
    } catch (error) {
      notifications.update({ id, loading: false, color: "red", autoClose: 6000, withCloseButton: true, message: t("io.exportFailed", { message: error instanceof Error ? error.message : String(error) }) });
    } finally {
      setBusy(false);
    }
  };

  return <ExportMenu busy={busy} onPick={(format) => void run(format)} testId="export" />;
}
ExportButton.displayName = "ExportButton";
