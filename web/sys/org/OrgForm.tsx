/** Add (below a parent or at the top) or edit an organisation unit. */
import { Group, Loader, NumberInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { post } from "../../core/api/http.ts";
import { recordQueries } from "../../core/api/records.ts";
import { currentLang } from "../../core/i18n.ts";
import { organisation } from "../../../events/families/sys.ts";
import type { Family } from "../../../events/family.ts";
import { useDict } from "../../core/ui/dict.ts";
import { DraggableModal } from "../../widgets/DraggableModal/index.ts";
import { RegionCascader } from "../../widgets/RegionCascader/index.ts";
import { forgetName } from "../../core/api/names.ts";
import { runCommand } from "../../core/feedback.tsx";
import { fieldLabel, validateRecord } from "../../../events/validation.ts";
import { FormActions } from "../../core/ui/TableParts.tsx";

const orgs = organisation as unknown as Family;
export const orgQueries = recordQueries(organisation.path);

/** What the form opens on: a new unit below `parent` (null: top level) or an existing one. */
export type OrgFormTarget = { mode: "add"; parent: { id: string; name: string; type: string } | null } | { mode: "edit"; id: string; parentName: string };

interface OrgValues {
  name: string;
  code: string;
  type: string | null;
  areaCode: string;
  sort: number | string;
}

export function OrgForm({ opened, target, onClose, onSaved }: { opened: boolean; target: OrgFormTarget | null; onClose: () => void; onSaved: (parentId: string | null, id: string) => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const { options: levels } = useDict("orgLevel");
  const editId = target?.mode === "edit" ? target.id : null;
  const detail = useQuery({ ...orgQueries.detail(editId ?? ""), enabled: !!editId, staleTime: 0 });
  const form = useForm<OrgValues>({ initialValues: { name: "", code: "", type: null, areaCode: "", sort: 0 } });

  useEffect(() => {
    if (!opened || !target) return;
    if (target.mode === "add") form.setValues({ name: "", code: "", type: target.parent ? String(Math.min(Number(target.parent.type) + 1, 5)) : "1", areaCode: "", sort: 0 });
    else if (detail.data) {
      const r = detail.data;
      form.setValues({ name: String(r.name ?? ""), code: String(r.code ?? ""), type: (r.type as string) ?? null, areaCode: String(r.areaCode ?? ""), sort: (r.sort as number) ?? 0 });
    }
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, target, detail.data]);

  const parentId = target?.mode === "add" ? (target.parent?.id ?? null) : ((detail.data?.parentId as string | null) ?? null);
  const parentName = target?.mode === "add" ? (target.parent?.name ?? "") : (target?.parentName ?? "");

  const submit = form.onSubmit(async (values) => {
    const record: Record<string, unknown> = { ...values, type: values.type ?? "", sort: values.sort === "" ? null : values.sort, parentId };
    if (editId) Object.assign(record, { id: editId, version: detail.data?.version });
    const errors = validateRecord(orgs, record, lang);
    if (Object.keys(errors).length) return form.setErrors(errors);
    let savedId = editId ?? "";
    const ok = await runCommand(async () => {
      const answer = await post<{ id: string }>(`${organisation.path}/save`, record);
      savedId = answer.data.id;
      return answer;
    }, form.setErrors);
    if (!ok) return;
    forgetName("organisation", savedId);
    await queryClient.invalidateQueries({ queryKey: orgQueries.all });
    onSaved(parentId, savedId);
    onClose();
  });

  const label = (key: string) => fieldLabel(orgs, key, lang);
  const title = target?.mode === "edit" ? t("sys.org.edit") : target?.parent ? t("sys.org.addChildOf", { name: target.parent.name }) : t("sys.org.addTop");
  return (
    <DraggableModal opened={opened} onClose={onClose} width={640} closeOnClickOutside={false} title={title} data-testid="org-form">
      {editId && detail.isLoading ? (
        <Group justify="center" p="xl"><Loader /></Group>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={label("parentId")} value={parentName || t("sys.common.topLevel")} readOnly variant="filled" error={form.errors.parentId} />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput label={label("name")} withAsterisk {...form.getInputProps("name")} data-testid="org-name" />
              <TextInput label={label("code")} withAsterisk {...form.getInputProps("code")} data-testid="org-code" />
              <Select label={label("type")} withAsterisk data={levels} allowDeselect={false} {...form.getInputProps("type")} />
              <RegionCascader
                label={label("areaCode")}
                multiple={false}
                width={290}
                value={form.values.areaCode || null}
                onChange={(v) => (form.setFieldValue("areaCode", typeof v === "string" ? v : ""), form.clearFieldError("areaCode"))}
                error={form.errors.areaCode}
                data-testid="org-area"
              />
              <NumberInput label={label("sort")} {...form.getInputProps("sort")} />
            </SimpleGrid>
            <FormActions onCancel={onClose} saveTestId="org-save" />
          </Stack>
        </form>
      )}
    </DraggableModal>
  );
}
