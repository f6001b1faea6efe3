/**
 * 明星企业 (/enterprise/star) and 高新技术企业 (/enterprise/info/hitech): the enterprises whose latest result
 * under a model reaches that model's threshold, each with the result that put it there (its explanation
 * one click away), beside the records kept by hand (the family's own list).
 */
import { Badge, Button, Tabs } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconReportSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { evaluation } from "../../events/api/evaluation.ts";
import { hitech } from "../../events/families/enterprise.ts";
import { starEnterprise } from "../../events/families/services.ts";
import { pagedQuery } from "../core/api/call.ts";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";
import type { ScreenProps } from "../registry/index.ts";
import { evaluationQueries, hitechPath, starPath, type StarRow } from "./api.ts";
import { ResultDrawer } from "./ResultDrawer.tsx";

const useModelOptions = () => (useQuery(evaluationQueries.models()).data ?? []).map((m) => ({ value: String(m.id), label: String(m.name) }));

const starList = (name: string, verb: typeof evaluation.stars | typeof evaluation.hitech, path: string, explain: (id: string) => void): ListSpec<StarRow> => ({
  name,
  path: `${path}/evaluated`,
  query: verb === evaluation.stars ? pagedQuery(evaluation.stars) : pagedQuery(evaluation.hitech),
  rowKey: (r) => `${r.modelId}:${r.creditCode}`,
  rowAttrs: (r) => ({ "data-credit-code": r.creditCode, "data-score": String(r.totalScore) }),
  filters: [
    { kind: "text", key: "entName", label: (t) => t("evaluation.star.entName") },
    { kind: "select", key: "modelId", label: (t) => t("evaluation.star.model"), useOptions: useModelOptions, searchable: true, width: 240 },
  ],
  columns: [
    { key: "entName", title: (t) => t("evaluation.star.entName"), render: (r) => r.entName },
    { key: "creditCode", title: (t) => t("evaluation.star.creditCode"), render: (r) => r.creditCode },
    { key: "modelName", title: (t) => t("evaluation.star.model"), render: (r) => `${r.modelName} v${r.modelVersion}` },
    { key: "totalScore", title: (t) => t("evaluation.tab.score"), render: (r) => Math.round(r.totalScore * 100) / 100 },
    { key: "threshold", title: (t) => t("evaluation.star.threshold"), render: (r) => r.threshold },
    { key: "grade", title: (t) => t("evaluation.explain.grade"), render: (r) => r.grade ?? "—" },
    { key: "passed", title: (t) => t("evaluation.tab.status"), render: (r, t) => <Badge color={r.passed ? "green" : "gray"} variant="light">{t(r.passed ? "evaluation.status.passed" : "evaluation.status.failed")}</Badge> },
    { key: "evaluationDate", title: (t) => t("evaluation.tab.date"), render: (r) => r.evaluationDate },
  ],
  actions: (r, list) => (
    <Button size="compact-sm" variant="subtle" leftSection={<IconReportSearch size={14} />} onClick={() => explain(r.resultId)} data-testid="star-explain">
      {list.t("evaluation.explain.open")}
    </Button>
  ),
});

function EvaluatedScreen({ kind }: { kind: "star" | "hitech" }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const path = kind === "star" ? starPath : hitechPath;
  const family = kind === "star" ? starEnterprise : hitech;
  const list = starList(`${kind}-evaluated`, kind === "star" ? evaluation.stars : evaluation.hitech, path, setOpen);
  return (
    <>
      <Tabs defaultValue="evaluated" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="evaluated" data-testid={`${kind}-tab-evaluated`}>{t("evaluation.star.evaluated")}</Tabs.Tab>
          <Tabs.Tab value="records" data-testid={`${kind}-tab-records`}>{t("evaluation.star.records")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="evaluated" pt="sm"><ListScreen list={list} /></Tabs.Panel>
        <Tabs.Panel value="records" pt="sm"><ListScreen family={family} /></Tabs.Panel>
      </Tabs>
      <ResultDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}

export const StarScreen = (_: ScreenProps) => <EvaluatedScreen kind="star" />;
export const HitechScreen = (_: ScreenProps) => <EvaluatedScreen kind="hitech" />;
export default StarScreen;
