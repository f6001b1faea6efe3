/**
 * The report designer: what to read (a searchable select over data models, views and declared families),
 * then columns, filters, groups with aggregates, sorting and a chart, previewed live through the server's
 * own compiler (POST /report/model/preview), saved, published under a code and copied.
 */
import { ActionIcon, Anchor, Button, Checkbox, Divider, Grid, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, Stack, TagsInput, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { IconArrowLeft, IconCopy, IconDeviceFloppy, IconExternalLink, IconPlus, IconSend, IconX } from "@tabler/icons-react";
import { Suspense, lazy, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../core/api/http.ts";
import { currentLang } from "../core/i18n.ts";
import { hasPermission } from "../core/session.ts";
import { aggregateFns, aggregateKey, dateBuckets, groupKey, type ReportDefinition, type ReportFilter, type ReportSource } from "../../events/reports/definition.ts";
import { reportApi, runUrl, viewerPath, type SourceField } from "./api.ts";
import { ReportTable } from "./ReportTable.tsx";
import { notifyError, notifySuccess as notifyOk } from "../core/feedback.tsx";

const ReportChart = lazy(() => import("./ReportChart.tsx"));

const emptyDefinition = (): ReportDefinition => ({ columns: [], filters: [], groupBy: [], aggregates: [], sort: [], limit: 100, chart: null });

interface Draft {
  id: string | null;
  version?: number;
  name: string;
  code: string;
  remark: string;
  source: ReportSource | null;
  definition: ReportDefinition;
}

const sourceValue = (s: ReportSource | null) => (s ? `${s.kind}:${s.id}` : null);

export function Designer({ id, onClose, onOpen }: { id: string | null; onClose: () => void; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [draft, setDraft] = useState<Draft>({ id, name: "", code: "", remark: "", source: null, definition: emptyDefinition() });
  const [publishCode, setPublishCode] = useState("");
  const [published, setPublished] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const def = draft.definition;
  const setDef = (patch: Partial<ReportDefinition>) => setDraft((d) => ({ ...d, definition: { ...d.definition, ...patch } }));

  const loaded = useQuery({ queryKey: ["/report/model", id], queryFn: () => reportApi.model(id!), enabled: !!id });
  useEffect(() => {
    const m = loaded.data?.data;
    if (m) {
      setDraft({ id: m.id, version: m.version, name: m.name, code: m.code, remark: m.remark ?? "", source: m.source, definition: { ...emptyDefinition(), ...m.definition } });
      setPublishCode(m.code);
    }
  }, [loaded.data]);

  const sources = useQuery({ queryKey: ["/report/model/sources"], queryFn: async () => (await reportApi.sources()).data, staleTime: 60_000 });
  const sourceOptions = useMemo(() => {
    const groups = [
      { group: t("reports.sourceModels"), items: [] as { value: string; label: string }[] },
      { group: t("reports.sourceFamilies"), items: [] as { value: string; label: string }[] },
    ];
    for (const s of sources.data ?? []) {
      const label = s.kind === "model" ? `${s.label[lang]}（${s.code}${s.type === "view" ? ` · ${t("reports.view")}` : ""}）` : `${s.label[lang]}（${s.id}）`;
      groups[s.kind === "model" ? 0 : 1]!.items.push({ value: `${s.kind}:${s.id}`, label });
    }
    return groups.filter((g) => g.items.length);
  }, [sources.data, lang, t]);

  const fieldsQuery = useQuery({ queryKey: ["/report/model/sourceFields", draft.source], queryFn: async () => (await reportApi.sourceFields(draft.source!)).data, enabled: !!draft.source });
  const fields = fieldsQuery.data?.fields ?? [];
  const fieldOf = (key: string) => fields.find((f) => f.key === key);
  const fieldLabel = (key: string) => fieldOf(key)?.label[lang] ?? key;
  const fieldOptions = (only?: (f: SourceField) => boolean) => fields.filter(only ?? (() => true)).map((f) => ({ value: f.key, label: f.label[lang] }));

  const grouped = def.groupBy.length > 0 || def.aggregates.length > 0;
  // the answer's columns, by key: what sort and the chart's axes may name
  const outputs = useMemo(() => {
    const all = !grouped
      ? def.columns.map((k) => ({ value: k, label: fieldLabel(k), numeric: fieldOf(k)?.type === "number" }))
      : [
          ...def.groupBy.map((g) => ({ value: groupKey(g), label: g.by ? `${fieldLabel(g.field)}（${t(`reports.by.${g.by}`)}）` : fieldLabel(g.field), numeric: false })),
          ...def.aggregates.map((a) => ({ value: aggregateKey(a), label: `${t(`reports.fn.${a.fn}`)}${a.field ? ` · ${fieldLabel(a.field)}` : ""}`, numeric: true })),
        ];
    // the same column twice is refused by the server; the selects list it once meanwhile
    return all.filter((o, i) => all.findIndex((x) => x.value === o.value) === i);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, fields, grouped, lang]);

  // keep sort and chart pointing at columns that still exist
  const cleaned = useMemo<ReportDefinition>(() => {
    const keys = new Set(outputs.map((o) => o.value));
    const chart = def.chart && keys.has(def.chart.x) && def.chart.y.some((y) => keys.has(y)) ? { ...def.chart, y: def.chart.y.filter((y) => keys.has(y)) } : null;
    return { ...def, sort: def.sort.filter((s) => keys.has(s.key)), chart };
  }, [def, outputs]);
  const [debounced] = useDebouncedValue(cleaned, 400);
  const ready = !!draft.source && (grouped || def.columns.length > 0);
  const preview = useQuery({
    queryKey: ["/report/model/preview", draft.source, debounced, page],
    queryFn: async () => (await reportApi.preview(draft.source!, debounced, page)).data,
    enabled: ready,
    retry: false,
  });

  const save = async (): Promise<string | null> => {
    const body = { name: draft.name.trim(), code: draft.code.trim(), remark: draft.remark, source: draft.source ?? undefined, definition: cleaned };
    try {
      const answer = draft.id ? await reportApi.update({ id: draft.id, ...body }) : await reportApi.create(body);
      notifyOk(answer.msg);
      setDraft((d) => ({ ...d, id: answer.data.id, version: answer.data.version }));
      if (!publishCode) setPublishCode(body.code);
      return answer.data.id;
    } catch (error) {
      notifyError(error);
      return null;
    }
  };
  const publish = async () => {
    const saved = await save();
    if (!saved) return;
    try {
      const answer = await reportApi.publish(saved, publishCode.trim() || draft.code.trim());
      notifyOk(answer.msg);
      setPublished(answer.data.code);
    } catch (error) {
      notifyError(error);
    }
  };
  const copy = async () => {
    if (!draft.id) return;
    try {
      const answer = await reportApi.copy(draft.id);
      notifyOk(answer.msg);
      onOpen(answer.data.id);
    } catch (error) {
      notifyError(error);
    }
  };

  const setFilter = (i: number, patch: Partial<ReportFilter>) => setDef({ filters: def.filters.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  // the compiler's refusal names each field: show them one by one
  const errors = preview.error instanceof ApiError && Object.keys(preview.error.errors).length ? Object.values(preview.error.errors) : preview.error ? [preview.error.message] : [];

  return (
    <Stack data-testid="report-designer">
      <Group justify="space-between">
        <Group gap="xs">
          <ActionIcon variant="subtle" onClick={onClose} title={t("reports.back")} data-testid="report-back"><IconArrowLeft size={18} /></ActionIcon>
          <Title order={4}>{draft.id ? draft.name || t("reports.design") : t("reports.newModel")}</Title>
        </Group>
        <Group gap="xs">
          {draft.id && hasPermission("report:model:save") && <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy} data-testid="report-copy">{t("reports.copy")}</Button>}
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} data-testid="report-save">{t("reports.save")}</Button>
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="sm">
            <Stack gap="sm">
              <Group grow>
                <TextInput label={t("reports.name")} required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} data-testid="report-name" />
                <TextInput label={t("reports.code")} required value={draft.code} onChange={(e) => setDraft({ ...draft, code: e.currentTarget.value })} data-testid="report-code" />
              </Group>
              <Select
                label={t("reports.source")}
                allowDeselect={false}
                placeholder={t("reports.pickSource")}
                searchable
                nothingFoundMessage={t("reports.nothingFound")}
                data={sourceOptions}
                value={sourceValue(draft.source)}
                onChange={(v) => {
                  if (!v) return;
                  const [kind, ...rest] = v.split(":");
                  // another source's fields mean nothing here: start the definition again
                  setDraft({ ...draft, source: { kind: kind as ReportSource["kind"], id: rest.join(":") }, definition: emptyDefinition() });
                  setPage(1);
                }}
                data-testid="report-source"
              />

              <Divider label={t("reports.filters")} labelPosition="left" />
              {def.filters.map((f, i) => {
                const field = fieldOf(f.field);
                return (
                  <Group key={i} gap={6} align="flex-end" wrap="nowrap" data-testid="report-filter">
                    <Select allowDeselect={false} w={140} data={fieldOptions()} value={f.field} onChange={(v) => v && setFilter(i, { field: v, op: fieldOf(v)?.ops[0] ?? "eq", value: null, values: null, from: null, to: null })} searchable aria-label={t("reports.field")} />
                    <Select allowDeselect={false} w={96} data={(field?.ops ?? ["eq"]).map((op) => ({ value: op, label: t(`reports.op.${op}`) }))} value={f.op} onChange={(v) => v && setFilter(i, { op: v as ReportFilter["op"] })} aria-label={t("reports.op.label")} />
                    {f.op === "in" ? (
                      <TagsInput style={{ flex: 1 }} value={(f.values ?? []).map(String)} onChange={(values) => setFilter(i, { values })} placeholder={t("reports.values")} />
                    ) : f.op === "range" ? (
                      <>
                        <TextInput style={{ flex: 1 }} placeholder={t("reports.from")} value={String(f.from ?? "")} onChange={(e) => setFilter(i, { from: typed(field, e.currentTarget.value) })} />
                        <TextInput style={{ flex: 1 }} placeholder={t("reports.to")} value={String(f.to ?? "")} onChange={(e) => setFilter(i, { to: typed(field, e.currentTarget.value) })} />
                      </>
                    ) : (
                      <TextInput style={{ flex: 1 }} placeholder={t("reports.value")} value={String(f.value ?? "")} onChange={(e) => setFilter(i, { value: typed(field, e.currentTarget.value) })} data-testid="report-filter-value" />
                    )}
                    <Checkbox title={t("reports.exposed")} aria-label={t("reports.exposed")} checked={f.exposed} onChange={(e) => setFilter(i, { exposed: e.currentTarget.checked })} mb={8} />
                    <ActionIcon variant="subtle" color="red" mb={4} onClick={() => setDef({ filters: def.filters.filter((_, j) => j !== i) })}><IconX size={14} /></ActionIcon>
                  </Group>
                );
              })}
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={!fields.length} onClick={() => setDef({ filters: [...def.filters, { field: fields[0]!.key, op: fields[0]!.ops[0] ?? "eq", exposed: true }] })} data-testid="report-add-filter">{t("reports.addFilter")}</Button>
              <Text size="xs" c="dimmed">{t("reports.exposedHint")}</Text>

              <Divider label={t("reports.groups")} labelPosition="left" />
              {def.groupBy.map((g, i) => {
                const field = fieldOf(g.field);
                const dated = field?.type === "date" || field?.type === "datetime";
                return (
                  <Group key={i} gap={6} wrap="nowrap" data-testid="report-group">
                    <Select allowDeselect={false} style={{ flex: 1 }} data={fieldOptions((f) => f.groupable)} value={g.field} searchable onChange={(v) => v && setDef({ groupBy: def.groupBy.map((x, j) => (j === i ? { field: v, by: null } : x)) })} aria-label={t("reports.groupField")} data-testid="report-group-field" />
                    {dated && <Select w={110} clearable data={dateBuckets.map((b) => ({ value: b, label: t(`reports.by.${b}`) }))} value={g.by ?? null} onChange={(v) => setDef({ groupBy: def.groupBy.map((x, j) => (j === i ? { ...x, by: (v as typeof g.by) ?? null } : x)) })} aria-label={t("reports.bucket")} />}
                    <ActionIcon variant="subtle" color="red" onClick={() => setDef({ groupBy: def.groupBy.filter((_, j) => j !== i) })}><IconX size={14} /></ActionIcon>
                  </Group>
                );
              })}
              {def.groupBy.length < 3 && <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={!fields.length} onClick={() => setDef({ groupBy: [...def.groupBy, { field: fields.find((f) => f.groupable)!.key, by: null }] })} data-testid="report-add-group">{t("reports.addGroup")}</Button>}
              {def.aggregates.map((a, i) => (
                <Group key={i} gap={6} wrap="nowrap" data-testid="report-aggregate">
                  <Select allowDeselect={false} w={110} data={aggregateFns.map((fn) => ({ value: fn, label: t(`reports.fn.${fn}`) }))} value={a.fn} onChange={(v) => v && setDef({ aggregates: def.aggregates.map((x, j) => (j === i ? { fn: v as typeof a.fn, field: v === "count" ? x.field : fieldOf(x.field ?? "")?.type === "number" ? x.field : fields.find((f) => f.type === "number")?.key ?? null } : x)) })} aria-label={t("reports.fn.label")} data-testid="report-aggregate-fn" />
                  <Select
                    style={{ flex: 1 }}
                    clearable={a.fn === "count"}
                    allowDeselect={a.fn === "count"}
                    placeholder={a.fn === "count" ? t("reports.rows") : undefined}
                    data={fieldOptions((f) => a.fn === "count" || f.type === "number")}
                    value={a.field ?? null}
                    onChange={(v) => setDef({ aggregates: def.aggregates.map((x, j) => (j === i ? { ...x, field: v } : x)) })}
                    aria-label={t("reports.field")}
                    data-testid="report-aggregate-field"
                  />
                  <ActionIcon variant="subtle" color="red" onClick={() => setDef({ aggregates: def.aggregates.filter((_, j) => j !== i) })}><IconX size={14} /></ActionIcon>
                </Group>
              ))}
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={!fields.length} onClick={() => {
                  const numeric = fields.find((f) => f.type === "number");
                  const counted = def.aggregates.some((a) => a.fn === "count" && !a.field);
                  setDef({ aggregates: [...def.aggregates, counted && numeric ? { fn: "sum", field: numeric.key } : { fn: "count", field: null }] });
                }} data-testid="report-add-aggregate">{t("reports.addAggregate")}</Button>

              {!grouped && (
                <>
                  <Divider label={t("reports.columns")} labelPosition="left" />
                  <MultiSelect data={fieldOptions()} value={def.columns} onChange={(columns) => setDef({ columns })} searchable placeholder={t("reports.pickColumns")} data-testid="report-columns" />
                </>
              )}

              <Divider label={t("reports.sortAndLimit")} labelPosition="left" />
              <Group gap={6} wrap="nowrap">
                <Select style={{ flex: 1 }} clearable data={outputs.map(({ value, label }) => ({ value, label }))} value={def.sort[0]?.key ?? null} onChange={(v) => setDef({ sort: v ? [{ key: v, dir: def.sort[0]?.dir ?? "asc" }] : [] })} placeholder={t("reports.sortBy")} data-testid="report-sort" />
                <SegmentedControl size="xs" data={[{ value: "asc", label: t("reports.asc") }, { value: "desc", label: t("reports.desc") }]} value={def.sort[0]?.dir ?? "asc"} onChange={(dir) => def.sort[0] && setDef({ sort: [{ key: def.sort[0].key, dir: dir as "asc" | "desc" }] })} />
                <NumberInput w={110} min={1} max={grouped ? 1000 : 200} value={def.limit} onChange={(v) => setDef({ limit: Math.max(1, Math.min(grouped ? 1000 : 200, Number(v) || 1)) })} aria-label={t("reports.limit")} />
              </Group>

              <Divider label={t("reports.chart")} labelPosition="left" />
              <SegmentedControl
                data={[{ value: "none", label: t("reports.noChart") }, { value: "bar", label: t("reports.bar") }, { value: "line", label: t("reports.line") }, { value: "pie", label: t("reports.pie") }]}
                value={def.chart?.type ?? "none"}
                onChange={(type) => {
                  if (type === "none") return setDef({ chart: null });
                  const x = def.chart?.x ?? outputs.find((o) => !o.numeric)?.value ?? outputs[0]?.value ?? "";
                  const y = def.chart?.y.length ? def.chart.y : outputs.filter((o) => o.numeric).slice(0, 1).map((o) => o.value);
                  setDef({ chart: { type: type as "bar" | "line" | "pie", x, y } });
                }}
                data-testid="report-chart-type"
              />
              {def.chart && (
                <Group grow>
                  <Select allowDeselect={false} label={t("reports.xAxis")} data={outputs.map(({ value, label }) => ({ value, label }))} value={def.chart.x} onChange={(x) => x && setDef({ chart: { ...def.chart!, x } })} data-testid="report-chart-x" />
                  <MultiSelect label={t("reports.yAxis")} data={outputs.filter((o) => o.numeric).map(({ value, label }) => ({ value, label }))} value={def.chart.y} onChange={(y) => setDef({ chart: { ...def.chart!, y } })} data-testid="report-chart-y" />
                </Group>
              )}

              {hasPermission("report:model:publish") && (
                <>
                  <Divider label={t("reports.publish")} labelPosition="left" />
                  <Group gap={6} align="flex-end" wrap="nowrap">
                    <TextInput style={{ flex: 1 }} label={t("reports.publishCode")} value={publishCode} onChange={(e) => setPublishCode(e.currentTarget.value)} data-testid="report-publish-code" />
                    <Button leftSection={<IconSend size={16} />} onClick={publish} data-testid="report-publish">{t("reports.publish")}</Button>
                  </Group>
                  {published && (
                    <Group gap="md" data-testid="report-published">
                      <Anchor href={viewerPath(published)}>{t("reports.openViewer")}</Anchor>
                      <Anchor href={runUrl(published)} target="_blank" rel="noreferrer">
                        <Group gap={4}><IconExternalLink size={14} />{t("reports.openData")}</Group>
                      </Anchor>
                    </Group>
                  )}
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="sm" data-testid="report-preview">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={5}>{t("reports.preview")}</Title>
                {preview.data && <Text size="xs" c="dimmed">{preview.data.kind === "grouped" ? t("reports.groupsShown", { n: preview.data.total }) : t("reports.rowsShown", { n: preview.data.total })}{preview.data.truncated ? ` · ${t("reports.truncated")}` : ""}</Text>}
              </Group>
              {!ready && <Text c="dimmed" size="sm">{t("reports.previewHint")}</Text>}
              {errors.map((e, i) => <Text key={i} c="red" size="sm" data-testid="report-preview-error">{e}</Text>)}
              {preview.data && (
                <>
                  <Suspense fallback={<Text size="sm" c="dimmed">{t("reports.loading")}</Text>}>
                    <ReportChart answer={{ ...preview.data, chart: debounced.chart ?? null }} />
                  </Suspense>
                  <ReportTable answer={preview.data} testId="report-preview-table" />
                  {preview.data.kind === "rows" && preview.data.total > preview.data.limit && (
                    <Group gap="xs">
                      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t("reports.prev")}</Button>
                      <Text size="sm">{page} / {Math.ceil(preview.data.total / preview.data.limit)}</Text>
                      <Button size="xs" variant="default" disabled={page * preview.data.limit >= preview.data.total} onClick={() => setPage(page + 1)}>{t("reports.next")}</Button>
                    </Group>
                  )}
                  {preview.data.indexes.some((x) => !x.indexed) && (
                    <Text size="xs" c="orange">{t("reports.noIndex", { fields: preview.data.indexes.filter((x) => !x.indexed).map((x) => fieldLabel(x.field)).join(lang === "zh-CN" ? "、" : ", ") })}</Text>
                  )}
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A typed value for a number field (what the server compares with), text otherwise. */
function typed(field: SourceField | undefined, text: string): string | number | null {
  if (text === "") return null;
  if (field?.type === "number" && text.trim() !== "" && Number.isFinite(Number(text))) return Number(text);
  return text;
}
