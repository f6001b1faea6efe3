/**
 * Add or edit a menu entry. The type (directory, menu, button) decides which fields apply; required
 * messages are the server's own (the family's schema and cross-field check, rendered from the catalogue).
 */
import { Group, Loader, NumberInput, Radio, SimpleGrid, Stack, Switch, TextInput, TreeSelect } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { post } from "../../core/api/http.ts";
import { recordQueries } from "../../core/api/records.ts";
import { currentLang } from "../../core/i18n.ts";
import { navigationChanged } from "../../core/navigation.ts";
import { menuIcon } from "../../core/icons.ts";
import { menu } from "../../../events/families/sys.ts";
import type { Family } from "../../../events/family.ts";
import { DraggableModal } from "../../widgets/DraggableModal/index.ts";
import { runCommand } from "../../core/feedback.tsx";
import { menuSelectQuery, toTreeData } from "../shared/menuTree.ts";
import { fieldLabel, validateRecord } from "../../../events/validation.ts";
import { FormActions } from "../../core/ui/TableParts.tsx";

const menus = menu as unknown as Family;
export const menuQueries = recordQueries(menu.path);

/** Which fields a type of entry has (besides name, English name, parent, number and enabled). */
const typeFields: Record<string, string[]> = {
  "0": ["icon"],
  "1": ["url", "routeName", "componentUrl", "perms", "icon"],
  "2": ["perms"],
};
const optional = ["icon", "url", "routeName", "componentUrl", "perms"] as const;

interface MenuValues {
  type: string;
  name: string;
  enName: string;
  parentId: string | null;
  icon: string;
  url: string;
  routeName: string;
  componentUrl: string;
  perms: string;
  orderNum: number | string;
  enabled: boolean;
}

const blank: MenuValues = { type: "0", name: "", enName: "", parentId: null, icon: "", url: "", routeName: "", componentUrl: "", perms: "", orderNum: 0, enabled: true };

/** What the form opens on: a new entry (optionally below a parent) or an existing one. */
export type MenuFormTarget = { mode: "add"; parent: { menuId: string; type: number; name: string } | null } | { mode: "edit"; menuId: string };

/** The record sent to the server: fields that do not apply to the type are cleared. */
export function menuRecord(values: MenuValues): Record<string, unknown> {
  const applies = new Set(typeFields[values.type] ?? []);
  const record: Record<string, unknown> = { ...values, type: Number(values.type), orderNum: values.orderNum === "" ? null : values.orderNum, parentId: values.parentId || null };
  for (const key of optional) if (!applies.has(key)) record[key] = null;
  return record;
}

export function MenuForm({ opened, target, onClose }: { opened: boolean; target: MenuFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const editId = target?.mode === "edit" ? target.menuId : null;
  const parents = useQuery({ ...menuSelectQuery(3), enabled: opened });
  const detail = useQuery({ ...menuQueries.detail(editId ?? ""), enabled: !!editId, staleTime: 0 });
  const parentData = useMemo(() => toTreeData(parents.data ?? [], lang, editId ?? undefined), [parents.data, lang, editId]);
  const form = useForm<MenuValues>({ initialValues: blank });

  useEffect(() => {
    if (!opened || !target) return;
    if (target.mode === "add") form.setValues({ ...blank, parentId: target.parent?.menuId ?? null, type: target.parent ? String(Math.min(target.parent.type + 1, 2)) : "0" });
    else if (detail.data) {
      const r = detail.data;
      const text = (k: string) => (r[k] === null || r[k] === undefined ? "" : String(r[k]));
      form.setValues({
        type: String(r.type ?? 0), name: text("name"), enName: text("enName"), parentId: (r.parentId as string) || null, icon: text("icon"), url: text("url"),
        routeName: text("routeName"), componentUrl: text("componentUrl"), perms: text("perms"), orderNum: (r.orderNum as number) ?? 0, enabled: r.enabled !== false,
      });
    }
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, target, detail.data]);

  const submit = form.onSubmit(async (values) => {
    const record = menuRecord(values);
    if (editId) Object.assign(record, { menuId: editId, version: detail.data?.version });
    const errors = validateRecord(menus, record, lang);
    if (Object.keys(errors).length) return form.setErrors(errors);
    if (!(await runCommand(() => post("/sys/menu/save", record), form.setErrors))) return;
    await queryClient.invalidateQueries({ queryKey: menuQueries.all });
    navigationChanged();
    onClose();
  });

  const label = (key: string) => fieldLabel(menus, key, lang);
  const shows = (key: string) => (typeFields[form.values.type] ?? []).includes(key);
  const isScreen = form.values.type === "1";
  const Icon = menuIcon(form.values.icon || null);
  const loading = parents.isLoading || (!!editId && detail.isLoading);
  return (
    <DraggableModal opened={opened} onClose={onClose} width={820} closeOnClickOutside={false} title={editId ? t("sys.menu.edit") : target?.mode === "add" && target.parent ? t("sys.menu.addChildOf", { name: target.parent.name }) : t("sys.menu.add")} data-testid="menu-form">
      {loading ? (
        <Group justify="center" p="xl"><Loader /></Group>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Radio.Group label={label("type")} withAsterisk {...form.getInputProps("type")} onChange={(v) => (form.setFieldValue("type", v), form.clearErrors())} data-testid="menu-type">
              <Group mt={4}>
                {["0", "1", "2"].map((v) => <Radio key={v} value={v} label={t(`sys.menu.types.${v}`)} />)}
              </Group>
            </Radio.Group>
            <SimpleGrid cols={2} spacing="sm">
              <TextInput label={label("name")} withAsterisk {...form.getInputProps("name")} data-testid="menu-name" />
              <TextInput label={label("enName")} {...form.getInputProps("enName")} />
              <TreeSelect
                label={label("parentId")}
                withAsterisk={form.values.type === "2"}
                placeholder={t("sys.menu.topLevel")}
                data={parentData}
                clearable
                searchable
                {...form.getInputProps("parentId")}
                onChange={(v) => form.setFieldValue("parentId", v)}
                comboboxProps={{ withinPortal: true }}
                maxDropdownHeight={300}
                data-testid="menu-parent"
              />
              <NumberInput label={label("orderNum")} {...form.getInputProps("orderNum")} />
              {shows("url") && <TextInput label={label("url")} withAsterisk={isScreen} placeholder="/sys/example" {...form.getInputProps("url")} data-testid="menu-url" />}
              {shows("routeName") && <TextInput label={label("routeName")} withAsterisk={isScreen} {...form.getInputProps("routeName")} data-testid="menu-route-name" />}
              {shows("componentUrl") && (
                <TextInput label={label("componentUrl")} withAsterisk={isScreen && !/^https?:\/\//.test(form.values.url)} placeholder="sys/example/index" {...form.getInputProps("componentUrl")} data-testid="menu-component-url" />
              )}
              {shows("icon") && <TextInput label={label("icon")} placeholder="settings" leftSection={<Icon size={16} />} {...form.getInputProps("icon")} />}
            </SimpleGrid>
            {shows("perms") && <TextInput label={label("perms")} placeholder="sys:example:list,sys:example:save" {...form.getInputProps("perms")} />}
            <Switch label={label("enabled")} {...form.getInputProps("enabled", { type: "checkbox" })} />
            <FormActions onCancel={onClose} saveTestId="menu-save" />
          </Stack>
        </form>
      )}
    </DraggableModal>
  );
}
