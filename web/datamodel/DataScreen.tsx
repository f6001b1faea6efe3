/**
 * A data model's records (/datamodel/data, and the one-click menu entries whose URL carries `dataModelId`): the
 * model comes from the URL (so a menu entry, a reload and a pasted link open the same list) or is picked here;
 * then the generic list page of web/crud runs over the model's run-time family (./useModelFamily.ts) — search
 * by any field, add and edit, history and revert, the recycle bin, spreadsheets and saved views, unchanged.
 * Users, organisations and files get their pickers through the list's input overrides.
 */
import { Alert, Card, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { useMatch, useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { ListPage } from "../crud/ListPage.tsx";
import { ModelPicker } from "./ModelPicker.tsx";
import { modelInputs } from "./inputs.tsx";
import { useModelFamily } from "./useModelFamily.ts";

export default function DataScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useMatch({ strict: false, select: (m) => m.search as Record<string, unknown> });
  const fromUrl = typeof search.dataModelId === "string" && search.dataModelId ? search.dataModelId : null;
  // a model's own menu entry (/datamodel/data/<code>?dataModelId=…) shows that model; the general screen offers the picker
  const own = route.query.dataModelId ?? null;
  const modelId = own ?? fromUrl;
  const { family, model, error, isLoading } = useModelFamily(modelId);
  const inputs = useMemo(() => (model ? modelInputs(model.fields ?? []) : undefined), [model]);

  const pick = (id: string | null) => void navigate({ to: route.path, search: (id ? { dataModelId: id } : {}) as never });

  return (
    <Stack gap="sm" data-testid="model-data-screen" data-model-id={modelId ?? undefined}>
      {!own && (
        <Card withBorder py="xs">
          <Group gap="sm" align="flex-end">
            <ModelPicker value={modelId} onChange={pick} />
            {model && <Text size="sm" c="dimmed" data-testid="model-data-table">{model.name} · dm_{model.code}</Text>}
          </Group>
        </Card>
      )}
      {!modelId && <Text c="dimmed" ta="center" py="xl">{t("datamodel.data.pickFirst")}</Text>}
      {modelId && isLoading && <Center h={200}><Loader /></Center>}
      {modelId && error && <Alert color="red" data-testid="model-data-error">{error.message}</Alert>}
      {family && <ListPage key={family.path} family={family} inputs={inputs} />}
    </Stack>
  );
}
