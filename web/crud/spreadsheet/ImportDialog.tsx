/**
 * The import dialog of a list: pick a file (checked before it is read), see the first rows with each
 * column's field (matched from its title, changeable, or ignored), choose how to import, follow the chunks
 * as they go (rows done, rows/s, time left, cancel), and get the result: counts and the refused rows
 * explained, downloadable as an xlsx with an error column.
 */
import { Alert, Anchor, Button, FileButton, Group, Loader, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { IconDownload, IconFileSpreadsheet } from "@tabler/icons-react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../../events/family.ts";
import { t as catalogue, type Lang } from "../../../events/i18n.ts";
import { findHeader, matchTitle } from "../../../events/spreadsheet/titles.ts";
import { request } from "../../core/api/http.ts";
import { DraggableModal } from "../../widgets/DraggableModal/index.ts";
import { editableFields } from "../values.ts";
import { nameOf, saveBlob } from "./download.ts";
import { ImportPreview, previewRows, type Loaded } from "./ImportPreview.tsx";
import { ImportProgress, type ShownProgress } from "./ImportProgress.tsx";
import { ImportResult } from "./ImportResult.tsx";
import { checkSpreadsheet, importRows, refusedSheet, runImport, spreadsheetAccept, totalsRows, type ChunkRequest, type ImportAnswer, type ImportMode, type RunResult } from "./plan.ts";
import { readSheet, sheetBlob } from "./sheet.ts";

export interface ImportDialogProps {
  family: Family;
  opened: boolean;
  onClose: () => void;
  /** after a run that stored rows, with its result */
  onImported?: (result: RunResult) => void;
}

/** A chunk of 500 rows may take a while on a busy server. */
const chunkTimeoutMs = 120_000;

export function ImportDialog({ family, opened, onClose, onImported }: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [mode, setMode] = useState<ImportMode>("valid");
  const [progress, setProgress] = useState<ShownProgress | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [result, setResult] = useState<RunResult | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const cancelRef = useRef(false);
  const running = progress !== null && result === null;

  // managed fields are set by the family's commands only: an import cannot fill them
  const fields = useMemo(() => editableFields(family), [family]);
  const labelOf = (key: string) => family.fields[key]?.label[lang] ?? key;
  const fieldChoices = fields.map(([key, f]) => ({ value: key, label: `${f.required ? "* " : ""}${f.label[lang]}` }));

  const reset = () => {
    setProblem(null);
    setLoaded(null);
    setMapping([]);
    setProgress(null);
    setResult(null);
    setCancelling(false);
    cancelRef.current = false;
  };

  const close = () => {
    if (running) return;
    reset();
    onClose();
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    reset();
    const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
    const bad = checkSpreadsheet(file.name, file.size, head);
    if (bad) {
      setProblem(bad === "type" ? t("io.badType") : catalogue(bad === "tooLarge" ? "uploadTooLarge" : "uploadEmpty", lang));
      return;
    }
    setReading(file.name);
    try {
      const sheet = await readSheet(file, family);
      const header = findHeader(sheet.rows, family);
      const headerIndex = header?.index ?? 0;
      if (sheet.rows.length <= headerIndex + 1) {
        setProblem(t("io.noRows"));
        return;
      }
      setLoaded({ name: file.name, sheet, headerIndex, headerFound: !!header });
      const titles = sheet.rows[headerIndex] ?? [];
      const seen = new Set<string>();
      setMapping(
        header?.fields ??
          titles.map((title) => {
            const key = matchTitle(family, title);
            if (!key || seen.has(key)) return null;
            seen.add(key);
            return key;
          }),
      );
    } catch (error) {
      setProblem(t("io.readFailed", { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setReading(null);
    }
  };

  const width = useMemo(() => {
    if (!loaded) return 0;
    let w = 0;
    for (let i = loaded.headerIndex; i < Math.min(loaded.sheet.rows.length, loaded.headerIndex + 1 + previewRows); i++) w = Math.max(w, loaded.sheet.rows[i]!.length);
    return w;
  }, [loaded]);

  /** Picks a column's field; the field leaves any other column that had it. */
  const mapColumn = (column: number, key: string | null) =>
    setMapping((current) => Array.from({ length: Math.max(width, current.length) }, (_, i) => (i === column ? key : key && current[i] === key ? null : (current[i] ?? null))));

  const mapped = new Set(mapping.filter((k): k is string => !!k));
  const missingRequired = fields.filter(([key, f]) => f.required && !mapped.has(key)).map(([, f]) => f.label[lang]);

  const send = async (chunk: ChunkRequest): Promise<ImportAnswer> => (await request<ImportAnswer>(`${family.path}/excel/import`, { method: "POST", body: chunk, timeoutMs: chunkTimeoutMs })).data;

  const start = async () => {
    if (!loaded) return;
    const rows = importRows(loaded.sheet, loaded.headerIndex, mapping);
    if (rows.length === 0) {
      setProblem(t("io.noRows"));
      return;
    }
    cancelRef.current = false;
    setCancelling(false);
    setProblem(null);
    const now = Date.now();
    setProgress({ phase: mode === "all" ? "checking" : "storing", done: 0, total: rows.length, startedAt: now, now });
    const outcome = await runImport({
      rows,
      mode,
      skipped: totalsRows(loaded.sheet, loaded.headerIndex),
      unique: family.unique,
      labelOf,
      duplicateMessage: (first) => t("io.duplicateInFile", { row: first }),
      send,
      cancelled: () => cancelRef.current,
      onProgress: (p) =>
        setProgress((before) => {
          const at = Date.now();
          const startedAt = before && before.phase === p.phase ? before.startedAt : at;
          return { ...p, startedAt, now: at };
        }),
    });
    setResult(outcome);
    if (outcome.stored > 0) {
      await queryClient.invalidateQueries({ queryKey: [family.path] });
      onImported?.(outcome);
    }
  };

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    try {
      const answer = await request<Blob>(`${family.path}/excel/template`, { blob: true });
      saveBlob(answer.data, nameOf(answer.data, `${family.label[lang]}.xlsx`));
    } catch (error) {
      setProblem(t("io.templateFailed", { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setTemplateBusy(false);
    }
  };

  const downloadRefused = async () => {
    if (!loaded || !result) return;
    const rows = refusedSheet(loaded.sheet, loaded.headerIndex, result.errors, t("io.errorMessage"));
    saveBlob(await sheetBlob(rows, family.label[lang]), `${t("io.refusedFile", { name: family.label[lang] })}.xlsx`);
  };

  return (
    <DraggableModal opened={opened} onClose={close} title={t("io.importTitle", { name: family.label[lang] })} width={860} closeOnEscape={!running} closeOnClickOutside={false} data-testid="import-dialog">
      <Stack gap="sm">
        {problem && <Alert color="red" data-testid="import-problem">{problem}</Alert>}

        {!loaded && !running && (
          <Stack gap="xs">
            <Group gap="sm">
              <FileButton onChange={(file) => void pick(file)} accept={spreadsheetAccept} inputProps={{ "data-testid": "import-file" } as React.ComponentProps<"input">}>
                {(props) => (
                  <Button {...props} leftSection={<IconFileSpreadsheet size={16} />} loading={reading !== null} data-testid="import-choose">
                    {t("io.chooseFile")}
                  </Button>
                )}
              </FileButton>
              <Anchor component="button" type="button" size="sm" onClick={() => void downloadTemplate()} disabled={templateBusy} data-testid="import-template">
                <Group gap={4} wrap="nowrap">
                  {templateBusy ? <Loader size={12} /> : <IconDownload size={14} />}
                  {t("io.template")}
                </Group>
              </Anchor>
            </Group>
            <Text size="sm" c="dimmed">{reading ? t("io.reading", { name: reading }) : t("io.fileHint")}</Text>
          </Stack>
        )}

        {loaded && !progress && (
          <ImportPreview
            loaded={loaded}
            width={width}
            mapping={mapping}
            choices={fieldChoices}
            onMap={mapColumn}
            mode={mode}
            onMode={setMode}
            missingRequired={missingRequired}
            onStart={() => void start()}
            onAnother={reset}
          />
        )}

        {progress && !result && (
          <ImportProgress
            progress={progress}
            cancelling={cancelling}
            onCancel={() => {
              cancelRef.current = true;
              setCancelling(true);
            }}
          />
        )}

        {result && <ImportResult result={result} labelOf={labelOf} onDownload={() => void downloadRefused()} onAnother={reset} onClose={close} />}
      </Stack>
    </DraggableModal>
  );
}
