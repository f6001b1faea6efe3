/**
 * Menus (/sys/menu): the whole menu as a tree table (directories, menus, buttons) with add, add child,
 * edit and delete. A node with children cannot be deleted: the server refuses with its message.
 */
import { ActionIcon, Badge, Box, Button, Card, Group, Stack, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconChevronRight, IconPlus, IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { post } from "../../core/api/http.ts";
import { call } from "../../core/api/call.ts";
import { sys } from "../../../events/api/sys.ts";
import { currentLang } from "../../core/i18n.ts";
import { navigationChanged } from "../../core/navigation.ts";
import { hasPermission } from "../../core/session.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { menuIcon } from "../../core/icons.ts";
import { menu } from "../../../events/families/sys.ts";
import { confirmDelete, runCommand } from "../../core/feedback.tsx";
import { menuName } from "../shared/menuTree.ts";
import { useDialog } from "../../core/ui/useDialog.ts";
import { fieldLabel } from "../../../events/validation.ts";
import { MenuForm, menuQueries, type MenuFormTarget } from "./MenuForm.tsx";
import { buildMenuTree, parentIds, visibleRows, type MenuTreeNode } from "./tree.ts";
import { EmptyRow } from "../../core/ui/TableParts.tsx";

const typeColors = ["blue", "green", "gray"] as const;

export default function MenuScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const all = useQuery({ queryKey: menuQueries.listAll().queryKey, queryFn: () => call(sys.menus) });
  const roots = useMemo(() => buildMenuTree(all.data ?? []), [all.data]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState("");
  const dialog = useDialog<MenuFormTarget>();
  const rows = useMemo(() => visibleRows(roots, expanded, filter), [roots, expanded, filter]);
  const label = (key: string) => fieldLabel(menu, key, lang);
  const can = { save: hasPermission(menu.tags.save), update: hasPermission(menu.tags.update), remove: hasPermission(menu.tags.delete) };

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const remove = async (node: MenuTreeNode) => {
    if (!(await confirmDelete([], { text: t("sys.common.deleteNamed", { name: menuName(node, lang) }) }))) return;
    if (await runCommand(() => post(`/sys/menu/delete/${node.menuId}`))) {
      await queryClient.invalidateQueries({ queryKey: menuQueries.all });
      navigationChanged();
    }
  };

  return (
    <Card withBorder data-testid="menu-screen">
      <Stack>
        <Group gap="sm">
          <TextInput placeholder={t("sys.menu.searchName")} leftSection={<IconSearch size={16} />} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} w={240} data-testid="menu-filter" />
          <Button variant="default" onClick={() => setExpanded(new Set(parentIds(roots)))}>{t("sys.common.expandAll")}</Button>
          <Button variant="default" onClick={() => setExpanded(new Set())}>{t("sys.common.collapseAll")}</Button>
          {can.save && (
            <Button ml="auto" leftSection={<IconPlus size={16} />} onClick={() => dialog.open({ mode: "add", parent: null })} data-testid="menu-add">{t("actions.add")}</Button>
          )}
        </Group>
        <Table.ScrollContainer minWidth={1000}>
          <Table highlightOnHover withTableBorder verticalSpacing={6} data-testid="menu-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={260}>{label("name")}</Table.Th>
                <Table.Th w={110}>{label("type")}</Table.Th>
                <Table.Th w={70}>{label("icon")}</Table.Th>
                <Table.Th>{label("url")}</Table.Th>
                <Table.Th>{label("perms")}</Table.Th>
                <Table.Th w={80}>{label("orderNum")}</Table.Th>
                <Table.Th w={90}>{label("enabled")}</Table.Th>
                <Table.Th w={200}>{t("sys.common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ node, depth }) => {
                const Icon = menuIcon(node.icon);
                const open = !!filter.trim() || expanded.has(node.menuId);
                return (
                  <Table.Tr key={node.menuId} data-menu-id={node.menuId}>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" pl={depth * 20}>
                        <Box w={22}>
                          {node.children.length > 0 && (
                            <ActionIcon size="sm" variant="subtle" color="gray" onClick={() => toggle(node.menuId)} aria-label="toggle" data-testid="menu-toggle">
                              <IconChevronRight size={14} style={{ transform: open ? "rotate(90deg)" : undefined, transition: "transform 120ms" }} />
                            </ActionIcon>
                          )}
                        </Box>
                        <Text size="sm">{menuName(node, lang)}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td><Badge variant="light" tt="none" color={typeColors[node.type] ?? "gray"}>{t(`sys.menu.types.${node.type}`)}</Badge></Table.Td>
                    <Table.Td>{node.icon && <Tooltip label={node.icon}><Icon size={18} /></Tooltip>}</Table.Td>
                    <Table.Td><Text size="xs" ff="monospace">{node.url ?? ""}</Text></Table.Td>
                    <Table.Td><Text size="xs" ff="monospace">{(node.perms ?? "").split(",").filter(Boolean).join(", ")}</Text></Table.Td>
                    <Table.Td>{node.orderNum ?? ""}</Table.Td>
                    <Table.Td><Badge variant="dot" tt="none" color={node.enabled === false ? "gray" : "green"}>{t(node.enabled === false ? "sys.common.no" : "sys.common.yes")}</Badge></Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        {can.save && node.type < 2 && (
                          <Button size="compact-sm" variant="subtle" onClick={() => dialog.open({ mode: "add", parent: { menuId: node.menuId, type: node.type, name: menuName(node, lang) } })}>{t("sys.common.addChild")}</Button>
                        )}
                        {can.update && <Button size="compact-sm" variant="subtle" onClick={() => dialog.open({ mode: "edit", menuId: node.menuId })}>{t("actions.edit")}</Button>}
                        {can.remove && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(node)}>{t("actions.delete")}</Button>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {!rows.length && (
                <EmptyRow colSpan={8} loading={all.isLoading} />
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <MenuForm opened={dialog.opened} target={dialog.target} onClose={dialog.close} />
    </Card>
  );
}
