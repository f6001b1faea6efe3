/**
 * 评价模型 (/evaluation/model): the models' list as every family's, except that the record dialog does not
 * show the scoring definition as JSON text: it summarises it and points to the row's "design" action (the
 * designer edits it, conditions in the builder, never as text). The dialog sends the definition back as it
 * was read.
 */
import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { evaluationModel } from "../../events/families/casework.ts";
import type { Lang } from "../../events/i18n.ts";
import type { FieldInputProps } from "../crud/FieldInput.tsx";
import { ListPage } from "../crud/ListPage.tsx";
import type { ScreenProps } from "../registry/index.ts";
import { definitionOf } from "./api.ts";

function DefinitionSummary({ value }: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const parsed = definitionOf({ definition: value });
  return (
    <Stack gap={2} data-field="definition" data-testid="model-definition-summary">
      <Text size="sm" fw={500}>{evaluationModel.fields.definition!.label[i18n.language as Lang]}</Text>
      <Text size="sm" c="dimmed">
        {parsed ? t("evaluation.design.summary", { metrics: parsed.metrics.length, total: parsed.totalScore, pass: parsed.passLine }) : t("evaluation.design.noDefinition")}
      </Text>
    </Stack>
  );
}

export default function ModelScreen({ route }: ScreenProps) {
  const fixedFilters = Object.fromEntries(Object.entries(route.query).filter(([key]) => key in evaluationModel.filters));
  return <ListPage family={evaluationModel} fixedFilters={fixedFilters} inputs={{ definition: DefinitionSummary }} />;
}
