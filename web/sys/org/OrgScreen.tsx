/**
 * Organisations (/sys/org): a tree loaded level by level (GET /sys/organization/getlist?id=), the chosen
 * unit's details with add child / edit / delete, and a name search whose hits open the tree down to them.
 */
import {
  ActionIcon, Badge, Box, Button, Card, CloseButton, Grid, Group, Loader, NavLink, ScrollArea, Stack, Table, Text, TextInput, Title, Tree,
  mergeAsyncChildren, useTree, type RenderTreeNodePayload, type TreeNodeData,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconChevronRight, IconPlus, IconSearch } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { get, post } from "../../core/api/http.ts";
import { call } from "../../core/api/call.ts";
import { sys } from "../../../events/api/sys.ts";
import type { Answer } from "../../../events/api/verb.ts";
import type { Row } from "../../core/api/records.ts";
import { currentLang } from "../../core/i18n.ts";
import { hasPermission } from "../../core/session.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { organisation } from "../../../events/families/sys.ts";
import { forgetName } from "../../core/api/names.ts";
import { useDict } from "../../core/ui/dict.ts";
import { confirmDelete, notifyError, runCommand } from "../../core/feedback.tsx";
import { useDialog } from "../../core/ui/useDialog.ts";
import { fieldLabel } from "../../../events/validation.ts";
import { OrgForm, orgQueries, type OrgFormTarget } from "./OrgForm.tsx";
import { useSeededName } from "../../core/seeded.ts";

type OrgNode = Answer<typeof sys.orgLevel>[number];

const toTreeNode = (o: OrgNode): TreeNodeData => ({ value: o.id, label: o.name, hasChildren: !o.isleaf, nodeProps: { type: o.type, code: o.code, parentId: o.parentId } });
const fetchLevel = async (id: string | null) => call(sys.orgLevel, { query: { id: id ?? undefined } });

function findNode(data: TreeNodeData[], value: string): TreeNodeData | undefined {
  for (const node of data) {
    if (node.value === value) return node;
    const below = node.children && findNode(node.children, value);
    if (below) return below;
  }
  return undefined;
}

/** New children of a level, keeping what was already loaded below units that are still there. */
function keepLoaded(fresh: TreeNodeData[], old: TreeNodeData[] | undefined): TreeNodeData[] {
  return fresh.map((node) => {
    const before = old?.find((o) => o.value === node.value);
    return before?.children && node.hasChildren ? { ...node, hasChildren: undefined, children: before.children } : node;
  });
}

export default function OrgScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const named = useSeededName();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const { labelOf } = useDict("orgLevel");
  const [data, setDataState] = useState<TreeNodeData[]>([]);
  const dataRef = useRef<TreeNodeData[]>([]);
  const setData = (next: TreeNodeData[]) => ((dataRef.current = next), setDataState(next));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [hits, setHits] = useState<Row[] | null>(null);
  const dialog = useDialog<OrgFormTarget>();
  const label = (key: string) => fieldLabel(organisation, key, lang);
  const can = { save: hasPermission(organisation.tags.save), update: hasPermission(organisation.tags.update), remove: hasPermission(organisation.tags.delete) };

  /** (Re)loads the units below `parentId` (null: the top level) into the tree. */
  const reload = useCallback(async (parentId: string | null) => {
    const fresh = (await fetchLevel(parentId)).map(toTreeNode);
    const current = dataRef.current;
    if (!parentId) return setData(keepLoaded(fresh, current));
    if (!findNode(current, parentId)) return;
    setData(mergeAsyncChildren(current, parentId, keepLoaded(fresh, findNode(current, parentId)?.children)));
  }, []);

  const tree = useTree({ onLoadChildren: (id) => reload(id) });
  useEffect(() => {
    reload(null).catch(notifyError);
  }, [reload]);

  const detail = useQuery({ ...orgQueries.detail(selectedId ?? ""), enabled: !!selectedId });
  const parentId = (detail.data?.parentId as string | null) ?? null;
  const parent = useQuery({ ...orgQueries.detail(parentId ?? ""), enabled: !!parentId });
  const record = detail.data;

  const choose = (id: string) => {
    setSelectedId(id);
    tree.select(id);
  };

  /** Opens the tree down to a unit found by search (its ancestors come from queryOrgParents). */
  const reveal = async (hit: Row) => {
    try {
      const chain = await call(sys.orgParents, { query: { orgCode: String(hit.code) } });
      for (const ancestor of chain.slice(0, -1)) {
        const node = findNode(dataRef.current, ancestor.id);
        if (node && !node.children) await reload(ancestor.id);
      }
      const opened = { ...tree.expandedState };
      chain.slice(0, -1).forEach((a) => (opened[a.id] = true));
      tree.setExpandedState(opened);
      choose(hit.id as string);
      requestAnimationFrame(() => document.querySelector(`[data-org-id="${hit.id as string}"]`)?.scrollIntoView({ block: "center" }));
    } catch (error) {
      notifyError(error);
    }
  };

  const runSearch = async () => {
    if (!search.trim()) return setHits(null);
    try {
      setHits((await get<Row[]>(`${organisation.path}/list`, { name: search.trim(), limit: 50 })).data);
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async () => {
    if (!record) return;
    const node = findNode(dataRef.current, String(record.id));
    if (node && (node.hasChildren || (node.children?.length ?? 0) > 0)) return notifyError(t("sys.org.deleteChildrenFirst"));
    if (!(await confirmDelete([], { text: t("sys.common.deleteNamed", { name: String(record.name) }) }))) return;
    if (!(await runCommand(() => post(`${organisation.path}/delete`, [record.id])))) return;
    setSelectedId(null);
    forgetName("organisation", String(record.id));
    await queryClient.invalidateQueries({ queryKey: orgQueries.all });
    await reload(parentId);
    if (hits) await runSearch();
  };

  const afterSave = async (savedParent: string | null, id: string) => {
    await reload(savedParent);
    if (savedParent) tree.expand(savedParent);
    choose(id);
    if (hits) await runSearch();
  };

  const renderNode = ({ node, expanded, hasChildren, elementProps, isLoading }: RenderTreeNodePayload) => (
    <Group gap={6} wrap="nowrap" {...elementProps} data-org-id={node.value} style={{ ...elementProps.style, padding: "3px 4px", borderRadius: 4, background: node.value === selectedId ? "var(--mantine-primary-color-light)" : undefined }} onClick={(e) => (elementProps.onClick(e), choose(node.value))}>
      <Box w={18} style={{ display: "flex" }} onClick={(e) => (e.stopPropagation(), hasChildren && tree.toggleExpanded(node.value))}>
        {isLoading ? <Loader size={12} /> : hasChildren && <IconChevronRight size={14} style={{ transform: expanded ? "rotate(90deg)" : undefined, transition: "transform 120ms", cursor: "pointer" }} />}
      </Box>
      <Text size="sm" truncate>{typeof node.label === "string" ? named(node.label) : node.label}</Text>
      <Badge size="xs" variant="light" color="gray" tt="none">{labelOf(node.nodeProps?.type)}</Badge>
    </Group>
  );

  const details: [string, string][] = record
    ? [
        [label("name"), named(String(record.name ?? ""))],
        [label("code"), String(record.code ?? "")],
        [label("type"), labelOf(record.type)],
        [label("parentId"), parentId ? named(String(parent.data?.name ?? "")) : t("sys.common.topLevel")],
        [label("areaCode"), String(record.areaCode ?? "")],
        [label("sort"), String(record.sort ?? "")],
        [t("sys.common.createTime"), String(record.createTime ?? "")],
        [t("sys.common.updateTime"), String(record.updateTime ?? "")],
      ]
    : [];

  return (
    <Grid data-testid="org-screen">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder h="100%">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={5}>{t("sys.org.tree")}</Title>
              {can.save && <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => dialog.open({ mode: "add", parent: null })}>{t("sys.org.addTop")}</Button>}
            </Group>
            <TextInput
              placeholder={t("sys.org.searchPlaceholder")}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              onKeyDown={(e) => e.key === "Enter" && void runSearch()}
              leftSection={<IconSearch size={16} />}
              rightSection={hits ? <CloseButton size="sm" onClick={() => (setSearch(""), setHits(null))} /> : <ActionIcon variant="subtle" onClick={() => void runSearch()} aria-label={t("actions.search")}><IconChevronRight size={14} /></ActionIcon>}
              data-testid="org-search"
            />
            {hits && (
              <Box data-testid="org-hits">
                <Text size="xs" c="dimmed" mb={4}>{t("sys.org.searchResults")}</Text>
                {hits.length === 0 && <Text size="sm" c="dimmed">{t("sys.org.noResults")}</Text>}
                <ScrollArea.Autosize mah={200}>
                  {hits.map((h) => (
                    <NavLink key={h.id as string} label={named(String(h.name))} description={String(h.code)} active={h.id === selectedId} onClick={() => void reveal(h)} rightSection={<Badge size="xs" variant="light" color="gray" tt="none">{labelOf(h.type)}</Badge>} />
                  ))}
                </ScrollArea.Autosize>
              </Box>
            )}
            <ScrollArea.Autosize mah="calc(100vh - 330px)" type="auto">
              <Tree data={data} tree={tree} levelOffset={20} expandOnClick={false} renderNode={renderNode} data-testid="org-tree" />
            </ScrollArea.Autosize>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder h="100%" data-testid="org-details">
          <Group justify="space-between" mb="sm">
            <Title order={5}>{t("sys.common.details")}</Title>
            {record && (
              <Group gap="xs">
                {can.save && Number(record.type) < 5 && (
                  <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => dialog.open({ mode: "add", parent: { id: String(record.id), name: String(record.name), type: String(record.type) } })} data-testid="org-add-child">
                    {t("sys.common.addChild")}
                  </Button>
                )}
                {can.update && <Button size="xs" variant="light" onClick={() => dialog.open({ mode: "edit", id: String(record.id), parentName: parentId ? String(parent.data?.name ?? "") : "" })} data-testid="org-edit">{t("actions.edit")}</Button>}
                {can.remove && <Button size="xs" variant="light" color="red" onClick={() => void remove()} data-testid="org-delete">{t("actions.delete")}</Button>}
              </Group>
            )}
          </Group>
          {!selectedId && <Text c="dimmed" size="sm">{t("sys.org.selectHint")}</Text>}
          {selectedId && detail.isLoading && <Loader size="sm" />}
          {record && (
            <Table withTableBorder variant="vertical" layout="fixed">
              <Table.Tbody>
                {details.map(([k, v]) => (
                  <Table.Tr key={k}>
                    <Table.Th w={160}>{k}</Table.Th>
                    <Table.Td>{v}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </Grid.Col>
      <OrgForm opened={dialog.opened} target={dialog.target} onClose={dialog.close} onSaved={(p, id) => void afterSave(p, id)} />
    </Grid>
  );
}
