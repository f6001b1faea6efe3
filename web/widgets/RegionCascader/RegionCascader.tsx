/**
 * Lazy cascading selection of administrative divisions or, with `source="organisation"`, organisation
 * units (spec sections 2, 5 and 9): one column per level, each loaded when its parent is opened and
 * cached; several values by default; the values are codes (divisions) or ids (units).
 */
import { Box, Checkbox, Combobox, Group, Input, Loader, Pill, PillsInput, Popover, ScrollArea, Text, UnstyledButton, useProps, type BoxProps } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSeededName } from "../../core/seeded.ts";
import { areaDepth, childrenOf, knownLabel, resolveLabel, type TreeNode, type TreeSource } from "./tree.ts";

export interface RegionCascaderProps extends BoxProps {
  /** what to choose from: divisions (/sys/area/children) or organisation units (/sys/organization/getlist) @default "area" */
  source?: TreeSource;
  /** chosen codes or ids (one value, or null, without `multiple`) @default [] */
  value?: string[] | string | null;
  /** called with the chosen values (one value or null without `multiple`) */
  onChange?: (value: string[] | string | null) => void;
  /** several values can be chosen @default true */
  multiple?: boolean;
  /** width of the input, in px or any CSS width @default 250 */
  width?: number | string;
  /** organisation units: the deepest level (1 province … 5 village) that can be opened down to @default 5 */
  minLevel?: number;
  /** divisions: how many levels are fetched (1 province, 2 city, 3 district) @default 3 */
  maxLevel?: number;
  /** the node whose children form the first column; the top level when undefined @default undefined */
  rootId?: string;
  /** input label @default undefined */
  label?: ReactNode;
  /** text shown while nothing is chosen @default t("widgets.select") */
  placeholder?: string;
  /** error message below the input @default undefined */
  error?: ReactNode;
  /** marks the input required @default false */
  required?: boolean;
  /** shows the required asterisk without the native required attribute @default false */
  withAsterisk?: boolean;
  /** the input cannot be changed @default false */
  disabled?: boolean;
  /** the form field's name @default undefined */
  name?: string;
  /** test id of the input @default undefined */
  "data-testid"?: string;
}

const defaultProps = { source: "area", value: [], multiple: true, width: 250, minLevel: 5, maxLevel: 3, required: false, withAsterisk: false, disabled: false } satisfies Partial<RegionCascaderProps>;

/** The display name of a chosen value, named once some list (or a lookup) knows it. */
function useLabel(source: TreeSource, value: string) {
  const named = useSeededName();
  const [label, setLabel] = useState(() => knownLabel(source, value));
  useEffect(() => {
    let live = true;
    void resolveLabel(source, value).then((l) => live && l && setLabel(l));
    return () => {
      live = false;
    };
  }, [source, value]);
  return named(label ?? value);
}

/**
 * The name of a division code (or, with `source="organisation"`, an organisation id), e.g. in a table cell.
 * @example
 * <RegionName value="610113" />   // 雁塔区
 */
export function RegionName({ source = "area", value }: { source?: TreeSource; value: string }) {
  return <>{useLabel(source, value)}</>;
}

RegionName.displayName = "RegionName";
const ValueLabel = RegionName;

interface ColumnProps {
  source: TreeSource;
  parent: string | undefined;
  open: string | undefined;
  chosen: string[];
  multiple: boolean;
  expandable: (node: TreeNode) => boolean;
  onOpen: (node: TreeNode) => void;
  onToggle: (node: TreeNode) => void;
}

function Column({ source, parent, open, chosen, multiple, expandable, onOpen, onToggle }: ColumnProps) {
  const { t } = useTranslation();
  const named = useSeededName();
  const { data, isLoading } = useQuery({ queryKey: ["tree", source, parent ?? ""], queryFn: () => childrenOf(source, parent), staleTime: Number.POSITIVE_INFINITY });
  return (
    <ScrollArea.Autosize mah={260} w={200} data-testid="cascader-column" style={{ borderRight: "1px solid var(--mantine-color-default-border)" }}>
      {isLoading && <Group justify="center" p="sm"><Loader size="xs" /></Group>}
      {data?.length === 0 && <Text size="sm" c="dimmed" p="sm">{t("widgets.nothingFound")}</Text>}
      {data?.map((node) => {
        const can = expandable(node);
        const selected = chosen.includes(node.value);
        return (
          <Group key={node.value} gap={6} wrap="nowrap" px="xs" py={4} bg={open === node.value ? "var(--mantine-color-default-hover)" : undefined} data-testid="cascader-option" data-value={node.value}>
            {multiple && <Checkbox size="xs" checked={selected} onChange={() => onToggle(node)} aria-label={named(node.label)} />}
            <UnstyledButton
              flex={1}
              fz="sm"
              c={!multiple && selected ? "var(--mantine-primary-color-filled)" : undefined}
              fw={!multiple && selected ? 600 : undefined}
              onClick={() => (can ? onOpen(node) : onToggle(node))}
            >
              {named(node.label)}
            </UnstyledButton>
            {can && <IconChevronRight size={14} color="var(--mantine-color-dimmed)" />}
          </Group>
        );
      })}
    </ScrollArea.Autosize>
  );
}

/**
 * @example
 * <RegionCascader label="行政区划" value={codes} onChange={setCodes} />
 * <RegionCascader source="organisation" multiple={false} value={orgId} onChange={setOrgId} />
 */
export function RegionCascader(props: RegionCascaderProps) {
  const { source, value, onChange, multiple, width, minLevel, maxLevel, rootId, label, placeholder, error, required, withAsterisk, disabled, name, "data-testid": testId, ...others } = useProps(
    "RegionCascader",
    defaultProps,
    props,
  );
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [path, setPath] = useState<string[]>([]);
  const chosen = Array.isArray(value) ? value : value ? [value] : [];

  const expandable = (node: TreeNode) =>
    !node.isleaf && (source === "area" ? areaDepth(node.value) < maxLevel : Number(node.type ?? 0) < minLevel);
  const emit = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? null));
  const toggle = (node: TreeNode) => {
    if (multiple) emit(chosen.includes(node.value) ? chosen.filter((v) => v !== node.value) : [...chosen, node.value]);
    else {
      emit(chosen[0] === node.value ? [] : [node.value]);
      setOpened(false);
    }
  };
  const openNode = (level: number) => (node: TreeNode) => {
    setPath([...path.slice(0, level), node.value]);
    // a single choice follows the opened node and stays open for a deeper one
    if (!multiple) emit([node.value]);
  };
  const columns = [rootId, ...path];

  return (
    <Box {...others} w={width}>
      <Popover opened={opened && !disabled} onChange={setOpened} position="bottom-start" shadow="md" withinPortal trapFocus={false}>
        <Popover.Target>
          <PillsInput
            label={label}
            error={error}
            required={required}
            withAsterisk={withAsterisk || required}
            disabled={disabled}
            pointer
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            onClick={() => setOpened((o) => !o)}
            data-testid={testId}
          >
            <Pill.Group>
              {chosen.map((v) =>
                multiple ? (
                  <Pill key={v} withRemoveButton={!disabled} onRemove={() => emit(chosen.filter((c) => c !== v))}>
                    <ValueLabel source={source} value={v} />
                  </Pill>
                ) : (
                  <Text key={v} size="sm" component="span">
                    <ValueLabel source={source} value={v} />
                  </Text>
                ),
              )}
              {chosen.length === 0 && <Input.Placeholder>{placeholder ?? t("widgets.select")}</Input.Placeholder>}
              <input type="hidden" name={name} value={multiple ? chosen.join(",") : (chosen[0] ?? "")} />
            </Pill.Group>
          </PillsInput>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group gap={0} wrap="nowrap" align="flex-start">
            {columns.map((parent, level) => (
              <Column
                key={`${level}:${parent ?? ""}`}
                source={source}
                parent={parent}
                open={path[level]}
                chosen={chosen}
                multiple={multiple}
                expandable={expandable}
                onOpen={openNode(level)}
                onToggle={toggle}
              />
            ))}
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Box>
  );
}

RegionCascader.displayName = "RegionCascader";
