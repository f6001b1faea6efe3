/**
 * The evaluation model designer, full screen over the model list: the metrics tree (weights per level with
 * the remainder to 100 %, bands, best-of alternatives, items, answers), the entry and direct-pass conditions
 * (the condition builder), the pass line, the metrics that must score above a floor, and the grades; and
 * "try on an enterprise", which scores the definition as it stands on a picked enterprise without saving
 * and shows the whole explanation with every trace. Saving refuses while a level's weights do not sum to
 * 100 or a condition is unfinished, and shows the server's check (events/evaluation/check.ts) by place.
 */
import { Alert, Button, Center, Group, List, Loader, Modal, NumberInput, Select, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconDeviceFloppy, IconPlayerPlay, IconPlus } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FactDef } from "../../events/conditions/facts.ts";
import { definitionSchema, type Definition } from "../../events/evaluation/definition.ts";
import { familyByName } from "../../events/families/index.ts";
import type { Lang } from "../../events/i18n.ts";
import type { Row } from "../core/api/records.ts";
import { notifyError, notifySuccess } from "../core/feedback.tsx";
import { EnterprisePicker, type PickedEnterprise } from "../enterprise/EnterprisePicker.tsx";
import { masterName } from "../enterprise/scope.ts";
import { ConditionBuilder, builderProblems, problemText } from "../widgets/ConditionBuilder.tsx";
import { blankLeaf } from "../widgets/ConditionBuilderTree.ts";
import { checkDefinition, definitionOf, evaluationQueries, modelPath, previewDefinition, saveDefinition, type DefinitionProblem, type Preview } from "./api.ts";
import { blankDefinition, metricKeys, patchAt, unbalancedLevels, without } from "./designRules.ts";
import { AnswerFacts, useQuestionFacts } from "./answerFacts.ts";
import { ExplanationPanel } from "./ExplanationPanel.tsx";
import { MetricsEditor } from "./MetricsEditor.tsx";
import { BilingualInput, dashed, RemoveButton } from "./ScoringEditor.tsx";

/** What stops a save here and now (the server checks the rest): unbalanced weights and unfinished conditions, in words. */
export function localProblems(def: Definition, t: TFunction, lang: Lang, extra: readonly FactDef[] = []): string[] {
  const out: string[] = [];
  for (const level of unbalancedLevels(def.metrics)) out.push(t("evaluation.design.levelProblem", { level: level.path || t("evaluation.design.topLevel"), n: level.remainder }));
  const conditions = [
    { where: t("evaluation.design.entry"), c: def.entry },
    ...def.directPass.map((d, i) => ({ where: `${t("evaluation.design.directPass")} ${i + 1}`, c: d.when })),
  ];
  const items = (ms: Definition["metrics"]): { where: string; c: Definition["entry"] }[] =>
    ms.flatMap((m) => [...(m.scoring?.kind === "items" ? m.scoring.items.map((it) => ({ where: `${m.name[lang]} · ${it.label[lang]}`, c: it.when })) : []), ...items(m.children ?? [])]);
  for (const { where, c } of [...conditions, ...items(def.metrics)]) for (const p of builderProblems(c, extra)) out.push(`${where}: ${problemText(p, t, lang, extra)}`);
  return out;
}

export default function Designer({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const id = String(row.id);
  const detail = useQuery(evaluationQueries.model(id));
  return (
    <Modal opened onClose={onClose} fullScreen closeOnEscape={false} title={t("evaluation.design.title", { name: String(row.name ?? "") })} data-testid="designer">
      {detail.isLoading && <Center p="xl"><Loader /></Center>}
      {detail.error && <Alert color="red">{detail.error.message}</Alert>}
      {detail.data && <DesignerBody record={detail.data} onClose={onClose} />}
    </Modal>
  );
}

function DesignerBody({ record, onClose }: { record: Row; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const [def, setDef] = useState<Definition>(() => definitionOf(record) ?? blankDefinition());
  const [serverProblems, setServerProblems] = useState<DefinitionProblem[]>([]);
  const [schemaProblems, setSchemaProblems] = useState<string[]>([]);
  // what stops a save shows once a save was tried, then follows the edits live
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  // the enterprise tried on stays picked while the person edits elsewhere; coming back tries the new draft
  const [picked, setPicked] = useState<PickedEnterprise | null>(null);
  const set = (patch: Partial<Definition>) => {
    setDef((d) => ({ ...d, ...patch }));
    setServerProblems([]);
    setSchemaProblems([]);
  };
  const keys = useMemo(() => [...metricKeys(def.metrics)], [def.metrics]);
  const answers = useQuestionFacts(def);
  const local = useMemo(() => localProblems(def, t, lang, answers), [def, t, lang, answers]);
  const blocked = tried ? [...local, ...schemaProblems] : schemaProblems;

  const save = async () => {
    setTried(true);
    const parsed = definitionSchema.safeParse(def);
    const schema = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    setSchemaProblems(schema);
    if (local.length || schema.length) return;
    setSaving(true);
    try {
      const problems = await checkDefinition(def);
      setServerProblems(problems);
      if (problems.length > 0) return;
      await saveDefinition(record, parsed.data!);
      await queryClient.invalidateQueries({ queryKey: [modelPath] });
      notifySuccess(t("evaluation.design.saved"));
    } catch (e) {
      notifyError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AnswerFacts.Provider value={answers}>
    <Stack gap="sm">
      {(blocked.length > 0 || serverProblems.length > 0) && (
        <Alert color="red" title={t("evaluation.design.cannotSave")} data-testid="designer-problems">
          <List size="sm">
            {blocked.map((p, i) => <List.Item key={`b${i}`}>{p}</List.Item>)}
            {serverProblems.map((p, i) => <List.Item key={`s${i}`}>{p.path}: {p.message[lang]}</List.Item>)}
          </List>
        </Alert>
      )}
      <Tabs defaultValue="metrics" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="metrics" data-testid="designer-tab-metrics">{t("evaluation.design.metrics")}</Tabs.Tab>
          <Tabs.Tab value="conditions" data-testid="designer-tab-conditions">{t("evaluation.design.conditions")}</Tabs.Tab>
          <Tabs.Tab value="pass" data-testid="designer-tab-pass">{t("evaluation.design.pass")}</Tabs.Tab>
          <Tabs.Tab value="try" data-testid="designer-tab-try">{t("evaluation.design.try")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="metrics" pt="sm">
          <MetricsEditor metrics={def.metrics} onChange={(metrics) => set({ metrics })} totalScore={def.totalScore} />
        </Tabs.Panel>
        <Tabs.Panel value="conditions" pt="sm">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={5}>{t("evaluation.design.entry")}</Title>
              <Text size="xs" c="dimmed">{t("evaluation.design.entryHint")}</Text>
              <ConditionBuilder value={def.entry} onChange={(entry) => set({ entry })} extra={answers} testId="entry" />
            </Stack>
            <Stack gap={4}>
              <Title order={5}>{t("evaluation.design.directPass")}</Title>
              <Text size="xs" c="dimmed">{t("evaluation.design.directHint")}</Text>
              {def.directPass.map((d, i) => {
                const setRoute = (patch: Partial<typeof d>) => set({ directPass: patchAt(def.directPass, i, patch) });
                return (
                  <Stack key={i} gap={4} p="xs" style={dashed} data-testid="direct-route">
                    <Group wrap="nowrap">
                      <div style={{ flex: 1 }}><BilingualInput value={d.label} onChange={(label) => setRoute({ label })} testId="direct-label" /></div>
                      <RemoveButton onClick={() => set({ directPass: without(def.directPass, i) })} />
                    </Group>
                    <ConditionBuilder value={d.when} onChange={(when) => setRoute({ when: when ?? { all: [blankLeaf()] } })} extra={answers} testId="direct" />
                  </Stack>
                );
              })}
              <Button size="compact-sm" variant="light" w="fit-content" leftSection={<IconPlus size={14} />} disabled={def.directPass.length >= 10}
                onClick={() => set({ directPass: [...def.directPass, { label: { "zh-CN": `直通路径 ${def.directPass.length + 1}`, "en-US": `Direct route ${def.directPass.length + 1}` }, when: { all: [blankLeaf()] } }] })}
                data-testid="direct-add">
                {t("evaluation.design.addDirect")}
              </Button>
            </Stack>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="pass" pt="sm">
          <PassEditor def={def} set={set} keys={keys} />
        </Tabs.Panel>
        <Tabs.Panel value="try" pt="sm">
          <TryOn def={def} picked={picked} onPick={setPicked} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end" pos="sticky" bottom={0} bg="var(--mantine-color-body)" py="xs">
        <Button variant="default" onClick={onClose} data-testid="designer-close">{t("evaluation.design.close")}</Button>
        <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} onClick={() => void save()} data-testid="designer-save">{t("evaluation.design.save")}</Button>
      </Group>
    </Stack>
    </AnswerFacts.Provider>
  );
}

function PassEditor({ def, set, keys }: { def: Definition; set: (p: Partial<Definition>) => void; keys: string[] }) {
  const { t } = useTranslation();
  const n = (v: string | number, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
  return (
    <Stack gap="md" maw={760}>
      <Group>
        <NumberInput w={160} min={1} label={t("evaluation.design.totalScore")} value={def.totalScore} onChange={(v) => set({ totalScore: n(v, 100) })} data-testid="design-total" />
        <NumberInput w={160} min={0} label={t("evaluation.design.passLine")} value={def.passLine} onChange={(v) => set({ passLine: n(v) })} error={def.passLine > def.totalScore ? t("evaluation.design.aboveTotal") : undefined} data-testid="design-passline" />
      </Group>
      <Stack gap={4}>
        <Title order={6}>{t("evaluation.design.passRequires")}</Title>
        {def.passRequires.map((r, i) => (
          <Group key={i} gap="xs">
            <Select w={220} size="xs" aria-label={t("evaluation.design.metric")} data={keys} value={r.metric} allowDeselect={false} onChange={(metric) => metric && set({ passRequires: patchAt(def.passRequires, i, { metric }) })} />
            <Text size="sm">{t("evaluation.design.above")}</Text>
            <NumberInput w={100} size="xs" min={0} aria-label={t("evaluation.design.above")} value={r.above} onChange={(v) => set({ passRequires: patchAt(def.passRequires, i, { above: n(v) }) })} />
            <RemoveButton onClick={() => set({ passRequires: without(def.passRequires, i) })} />
          </Group>
        ))}
        <Button size="compact-xs" variant="light" w="fit-content" leftSection={<IconPlus size={12} />} disabled={keys.length === 0 || def.passRequires.length >= 10} onClick={() => set({ passRequires: [...def.passRequires, { metric: keys[0]!, above: 0 }] })}>
          {t("evaluation.design.addRequire")}
        </Button>
      </Stack>
      <Stack gap={4}>
        <Title order={6}>{t("evaluation.design.grades")}</Title>
        <Text size="xs" c="dimmed">{t("evaluation.design.gradesHint")}</Text>
        {def.grades.map((g, i) => {
          const setGrade = (patch: Partial<typeof g>) => set({ grades: patchAt(def.grades, i, patch) });
          return (
            <Group key={i} gap="xs" wrap="nowrap" data-testid="grade">
              <TextInput w={90} size="xs" aria-label={t("evaluation.design.gradeCode")} placeholder={t("evaluation.design.gradeCode")} value={g.code} maxLength={32} onChange={(e) => setGrade({ code: e.currentTarget.value })} />
              <div style={{ flex: 1 }}><BilingualInput value={g.label} onChange={(label) => setGrade({ label })} testId="grade-label" /></div>
              <NumberInput w={100} size="xs" min={0} aria-label={t("evaluation.design.gradeMin")} placeholder={t("evaluation.design.gradeMin")} value={g.min} onChange={(v) => setGrade({ min: n(v) })} />
              <RemoveButton onClick={() => set({ grades: without(def.grades, i) })} />
            </Group>
          );
        })}
        <Button size="compact-xs" variant="light" w="fit-content" leftSection={<IconPlus size={12} />} disabled={def.grades.length >= 10}
          onClick={() => set({ grades: [...def.grades, { code: String.fromCharCode(65 + def.grades.length), label: { "zh-CN": `等级 ${def.grades.length + 1}`, "en-US": `Grade ${def.grades.length + 1}` }, min: def.grades.at(-1)?.min ?? 0 }] })}>
          {t("evaluation.design.addGrade")}
        </Button>
      </Stack>
    </Stack>
  );
}

/** "Try on an enterprise": the definition as it stands, scored on a picked enterprise, nothing saved. */
function TryOn({ def, picked, onPick }: { def: Definition; picked: PickedEnterprise | null; onPick: (e: PickedEnterprise) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const master = familyByName.get(masterName);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (enterprise: PickedEnterprise) => {
    setBusy(true);
    setError(null);
    try {
      setPreview(await previewDefinition(def, enterprise.creditCode));
    } catch (e) {
      setPreview(null);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (picked) void run(picked);
    // once per opening of the tab: the draft as it is now
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Stack gap="sm" data-testid="designer-try">
      <Group align="flex-end">
        {master && <EnterprisePicker master={master} w={420} label={t("evaluation.design.pickEnterprise")} onPick={(e) => { onPick(e); void run(e); }} />}
        <Button leftSection={<IconPlayerPlay size={16} />} disabled={!picked} loading={busy} onClick={() => picked && void run(picked)} data-testid="designer-try-run">
          {t("evaluation.design.tryRun")}
        </Button>
      </Group>
      {picked && <Text size="sm" c="dimmed">{picked.entName} ({picked.creditCode})</Text>}
      {error && <Alert color="red" data-testid="designer-try-error">{error}</Alert>}
      {preview && preview.problems.length > 0 && (
        <Alert color="orange" title={t("evaluation.design.previewProblems")}>
          <List size="sm">{preview.problems.map((p, i) => <List.Item key={i}>{p.path}: {p.message[lang]}</List.Item>)}</List>
        </Alert>
      )}
      {preview && <ExplanationPanel breakdown={preview.breakdown} testId="preview" />}
    </Stack>
  );
}
