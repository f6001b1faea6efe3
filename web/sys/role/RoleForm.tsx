/** Add or edit a role: name, type, remark and its menus (checkbox tree of the whole menu with buttons). */
import { Button, Group, Loader, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { post } from "../../api/http.ts";
import { recordQueries } from "../../api/records.ts";
import { currentLang } from "../../app/i18n.ts";
import { role } from "../../../events/families/sys.ts";
import type { Family } from "../../../events/family.ts";
import { useDict } from "../shared/dict.ts";
import { DraggableModal } from "../../widgets/DraggableModal/index.ts";
import { runCommand } from "../shared/feedback.tsx";
import { menuSelectQuery, toTreeData } from "../shared/menuTree.ts";
import { fieldLabel, validateRecord } from "../shared/validate.ts";
import { MenuCheckTree } from "./MenuCheckTree.tsx";
import { FormActions } from "../shared/TableParts.tsx";

const roles = role as unknown as Family;
export const roleQueries = recordQueries(role.path);

interface RoleValues {
  name: string;
  type: string | null;
  remark: string;
  menuIdList: string[];
}

export interface RoleFormProps {
  /** the role being edited, or null for a new one */
  roleId: string | null;
  opened: boolean;
  onClose: () => void;
}

export function RoleForm({ roleId, opened, onClose }: RoleFormProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const { options: types } = useDict("roleType");
  const menus = useQuery({ ...menuSelectQuery(10, true), enabled: opened });
  const detail = useQuery({ ...roleQueries.detail(roleId ?? ""), enabled: opened && !!roleId, staleTime: 0 });
  const treeData = useMemo(() => toTreeData(menus.data ?? [], lang), [menus.data, lang]);
  const form = useForm<RoleValues>({ initialValues: { name: "", type: "department", remark: "", menuIdList: [] } });

  useEffect(() => {
    if (!opened) return;
    if (!roleId) form.setValues({ name: "", type: "department", remark: "", menuIdList: [] });
    else if (detail.data) {
      const r = detail.data;
      form.setValues({ name: String(r.name ?? ""), type: (r.type as string) ?? null, remark: String(r.remark ?? ""), menuIdList: (r.menuIdList as string[]) ?? [] });
    }
    form.resetDirty();
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, roleId, detail.data]);

  const submit = form.onSubmit(async (values) => {
    const record: Record<string, unknown> = { ...values, type: values.type ?? "" };
    if (roleId) Object.assign(record, { roleId, version: detail.data?.version });
    const errors = validateRecord(roles, record, lang);
    if (Object.keys(errors).length) return form.setErrors(errors);
    const saved = await runCommand(() => post("/sys/role/save", record), form.setErrors);
    if (!saved) return;
    await queryClient.invalidateQueries({ queryKey: roleQueries.all });
    onClose();
  });

  const label = (key: string) => fieldLabel(roles, key, lang);
  const loading = menus.isLoading || (!!roleId && detail.isLoading);
  return (
    <DraggableModal opened={opened} onClose={onClose} width={640} closeOnClickOutside={false} title={t(roleId ? "sys.role.edit" : "sys.role.add")} data-testid="role-form">
      {loading ? (
        <Group justify="center" p="xl"><Loader /></Group>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={label("name")} withAsterisk {...form.getInputProps("name")} data-testid="role-name" />
            <Select label={label("type")} withAsterisk data={types} allowDeselect={false} {...form.getInputProps("type")} data-testid="role-type" />
            <Textarea label={label("remark")} autosize minRows={2} maxRows={4} {...form.getInputProps("remark")} />
            <MenuCheckTree data={treeData} value={form.values.menuIdList} onChange={(v) => form.setFieldValue("menuIdList", v)} error={form.errors.menuIdList as string | undefined} />
            <FormActions onCancel={onClose} saveTestId="role-save" />
          </Stack>
        </form>
      )}
    </DraggableModal>
  );
}
