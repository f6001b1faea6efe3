/**
 * The Export menu of an own-endpoint list (./ListScreen.tsx, `export` declared): the rows the list shows —
 * its filters and sort, every page, read 100 at a time — as xlsx or csv of its visible columns, written in
 * the browser (SheetJS, loaded on first use) and saved as `<file name>-YYYYMMDD.<format>`. The rows read show
 * while it reads.
 */
import { notifications } from "@mantine/notifications";
import { useQueryClient, type UseQueryOptions } from "@tanstack/react-query";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Query } from "../core/api/http.ts";
import { allPages, exportTable, type ExportColumn } from "./listExport.ts";
import { saveBlob } from "./spreadsheet/download.ts";
import { csvBlob, sheetBlob } from "./spreadsheet/sheet.ts";
import { ExportMenu, type ExportFormat } from "./spreadsheet/ExportMenu.tsx";

export interface ListExportProps<R> {
  /** the list's name: the menu's test id is `<name>-export` */
  name: string;
  fileName: (t: TFunction) => string;
  /** the filters and order in force, without page and limit */
  params: Query;
  query: (params: Query) => UseQueryOptions<{ rows: R[]; total: number }, Error, { rows: R[]; total: number }, any>;
  columns: ExportColumn<R>[];
}

export function ListExport<R>({ name, fileName, params, query, columns }: ListExportProps<R>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async (format: ExportFormat) => {
    setBusy(true);
    const id = `export-${name}-${Date.now()}`;
    notifications.show({ id, loading: true, autoClose: false, withCloseButton: false, message: t("io.exportingRows", { n: 0 }) });
    try {
      const { rows, capped } = await allPages((page, limit) => queryClient.fetchQuery(query({ ...params, page, limit })), {
        onProgress: (n) => notifications.update({ id, loading: true, autoClose: false, message: t("io.exportingRows", { n }) }),
      });
      const table = await exportTable(columns, rows, t);
      const file = `${fileName(t)}-${dayjs().format("YYYYMMDD")}.${format}`;
      saveBlob(format === "xlsx" ? await sheetBlob(table, fileName(t)) : await csvBlob(table), file);
      const message = capped ? t("io.exportedCapped", { name: file, n: rows.length }) : t("io.exported", { name: file });
      notifications.update({ id, loading: false, color: capped ? "orange" : "green", autoClose: 3000, withCloseButton: true, message });
    } catch (error) {
      notifications.update({ id, loading: false, color: "red", autoClose: 6000, withCloseButton: true, message: t("io.exportFailed", { message: error instanceof Error ? error.message : String(error) }) });
    } finally {
      setBusy(false);
    }
  };

  return <ExportMenu busy={busy} onPick={(format) => void run(format)} testId={`${name}-export`} />;
}
