/**
 * A record's history (GET <path>/history/{id}): each event's time, who, what (created, updated, deleted,
 * reverted to vN, restored) and every changed field before → after. Any version can be shown read-only, two
 * chosen versions compared field by field, and the record reverted to a version after a confirmation
 * (POST <path>/revert/{id} { version }). An update made by a state command (publish, revoke, examine, portal
 * display, submit, the approval flow) is titled by that command.
 */
import { Button, Center, Checkbox, Drawer, Group, Loader, Stack, Text, Timeline } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconArrowBackUp, IconArrowLeft, IconEdit, IconEye, IconGitCompare, IconPlus, IconRestore, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { fieldLabel } from "../../events/validation.ts";
import { ApiError } from "../core/api/http.ts";
import { recordQueries, revertRecord, type HistoryEntry } from "../core/api/records.ts";
import { FieldValue } from "./FieldValue.tsx";
import { VersionCompare, VersionView } from "./HistoryVersions.tsx";

export interface HistoryDrawerProps {
  family: Family;
  /** the record whose history is shown; closed when null */
  id: string | null;
  onClose: () => void;
  /** offer "revert to this version" (permission tag update) @default false */
  canRevert?: boolean;
  /** after a revert, with the record's id */
  onReverted?: (id: string) => void;
}

const icons: Record<string, typeof IconPlus> = { created: IconPlus, updated: IconEdit, deleted: IconTrash, reverted: IconArrowBackUp, restored: IconRestore };
const known = ["created", "updated", "deleted", "reverted", "restored"];
/** State commands an update may name (worker/services: the event's `action`). */
export const stateActions = ["publish", "unpublish", "revoke", "examine", "showChange", "submit", "flow"];
/** The state command of an entry: history names it as its action, or beside a plain "updated". */
const stateActionOf = (entry: HistoryEntry & { command?: unknown; stateAction?: unknown }) =>
  [entry.action, entry.command, entry.stateAction].find((a): a is string => typeof a === "string" && stateActions.includes(a));

type Mode = { kind: "list" } | { kind: "version"; version: number } | { kind: "compare"; versions: [number, number] };

export function HistoryDrawer({ family, id, onClose, canRevert = false, onReverted }: HistoryDrawerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({ ...recordQueries(family.path).history(id ?? ""), enabled: !!id, staleTime: 0 });
  const [mode, setMode] = useState<Mode>({ kind: "list" });
  const [picked, setPicked] = useState<number[]>([]);
  const [reverting, setReverting] = useState(false);
  const entries = [...(data ?? [])].reverse();
  const latest = entries[0];
  const deleted = latest?.action === "deleted";
  const label = (key: string) => fieldLabel(family, key, lang);

  // each record opens on its timeline with nothing picked
  useEffect(() => {
    setMode({ kind: "list" });
    setPicked([]);
  }, [id]);

  const title = (entry: HistoryEntry) => {
    if (entry.action === "reverted" && entry.revertedTo) return t("crud.history.revertedTo", { n: entry.revertedTo });
    const command = stateActionOf(entry);
    if (command) return t(`lifecycle.actions.${command}`);
    return known.includes(entry.action) ? t(`crud.historyActions.${entry.action}`) : entry.action;
  };
  /** an earlier, not-deleted version of a live record, when the user may update */
  const revertable = (version: number, action = "updated") => canRevert && !!latest && !deleted && version < latest.version && action !== "deleted";
  const pick = (version: number, on: boolean) => setPicked((p) => (on ? [...p.filter((v) => v !== version), version].slice(-2) : p.filter((v) => v !== version)));

  const revert = (version: number) =>
    modals.openConfirmModal({
      title: t("notice.confirmTitle"),
      centered: true,
      children: <Text size="sm" data-testid="revert-confirm-text">{t("crud.history.revertConfirm", { n: version })}</Text>,
      labels: { confirm: t("actions.confirm"), cancel: t("actions.cancel") },
      confirmProps: { color: "orange", "data-testid": "confirm-ok" } as never,
      cancelProps: { "data-testid": "confirm-cancel" } as never,
      onConfirm: async () => {
        if (!id) return;
        setReverting(true);
        try {
          const answer = await revertRecord(family.path, id, version);
          notifications.show({ color: "green", message: answer.msg || t("crud.history.reverted") });
          setMode({ kind: "list" });
          setPicked([]);
          onReverted?.(id);
          await queryClient.invalidateQueries({ queryKey: [family.path] });
        } catch (error) {
          notifications.show({ color: "red", message: error instanceof ApiError ? error.message : t("http.failed") });
        } finally {
          setReverting(false);
        }
      },
    });

  const back = (
    <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={() => setMode({ kind: "list" })} data-testid="history-back">
      {t("actions.back")}
    </Button>
  );

  return (
    <Drawer opened={!!id} onClose={onClose} position="right" size="xl" title={t("crud.historyTitle", { name: family.label[lang] })} attributes={{ content: { "data-testid": "history-drawer" } as Record<string, string> }}>
      {isLoading && (
        <Center h={120}>
          <Loader size="sm" />
        </Center>
      )}
      {!isLoading && entries.length === 0 && <Text c="dimmed">{t("crud.noHistory")}</Text>}

      {id && mode.kind === "version" && (
        <Stack gap="sm">
          <Group justify="space-between">
            {back}
            <Text fw={600} size="sm">{t("crud.history.versionTitle", { n: mode.version })}</Text>
            {revertable(mode.version) ? (
              <Button size="compact-sm" color="orange" variant="light" leftSection={<IconArrowBackUp size={14} />} loading={reverting} onClick={() => revert(mode.version)} data-testid="history-revert-shown">
                {t("crud.history.revert")}
              </Button>
            ) : <span />}
          </Group>
          <VersionView family={family} id={id} version={mode.version} />
        </Stack>
      )}

      {id && mode.kind === "compare" && (
        <Stack gap="sm">
          <Group justify="space-between">
            {back}
            <Text fw={600} size="sm">{t("crud.history.compareTitle", { a: Math.min(...mode.versions), b: Math.max(...mode.versions) })}</Text>
            <span />
          </Group>
          <VersionCompare family={family} id={id} versions={mode.versions} />
        </Stack>
      )}

      {mode.kind === "list" && entries.length > 0 && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="xs" c="dimmed">{t("crud.history.pickHint")}</Text>
            <Button size="compact-sm" variant="light" leftSection={<IconGitCompare size={14} />} disabled={picked.length !== 2} onClick={() => setMode({ kind: "compare", versions: [picked[0]!, picked[1]!] })} data-testid="history-compare">
              {t("crud.history.compare")}
            </Button>
          </Group>
          <Timeline active={entries.length} bulletSize={24} lineWidth={2}>
            {entries.map((entry) => {
              const Icon = icons[entry.action] ?? IconEdit;
              return (
                <Timeline.Item
                  key={entry.version}
                  bullet={<Icon size={14} />}
                  data-testid="history-entry"
                  data-version={entry.version}
                  data-action={entry.action}
                  data-command={stateActionOf(entry)}
                  title={
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Group gap="xs">
                        <Text fw={600} size="sm">{title(entry)}</Text>
                        <Text size="sm" c="dimmed">v{entry.version}</Text>
                      </Group>
                      <Group gap={4} wrap="nowrap">
                        {entry.action !== "deleted" && (
                          <Checkbox size="xs" label={t("crud.history.pick")} checked={picked.includes(entry.version)} onChange={(e) => pick(entry.version, e.currentTarget.checked)} data-testid="history-pick" aria-label={t("crud.history.pickVersion", { n: entry.version })} />
                        )}
                        {entry.action !== "deleted" && (
                          <Button size="compact-xs" variant="subtle" leftSection={<IconEye size={12} />} onClick={() => setMode({ kind: "version", version: entry.version })} data-testid="history-view">
                            {t("crud.history.view")}
                          </Button>
                        )}
                        {revertable(entry.version, entry.action) && (
                          <Button size="compact-xs" variant="subtle" color="orange" leftSection={<IconArrowBackUp size={12} />} loading={reverting} onClick={() => revert(entry.version)} data-testid="history-revert">
                            {t("crud.history.revert")}
                          </Button>
                        )}
                      </Group>
                    </Group>
                  }
                >
                  <Text size="xs" c="dimmed">
                    {entry.time} · {t("crud.actor")}: {entry.actorName ?? t("crud.system")}
                  </Text>
                  <Stack gap={2} mt={4}>
                    {Object.entries(entry.changes ?? {}).map(([key, [before, after]]) => (
                      <Text key={key} size="sm" data-testid="history-change" data-field={key} component="div">
                        <Text span fw={500}>{label(key)}</Text>
                        {": "}
                        <Text span c="dimmed">{empty(before) ? "—" : <FieldValue family={family} fieldKey={key} value={before} />}</Text>
                        {" → "}
                        <Text span>{empty(after) ? "—" : <FieldValue family={family} fieldKey={key} value={after} />}</Text>
                      </Text>
                    ))}
                  </Stack>
                </Timeline.Item>
              );
            })}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}

const empty = (v: unknown) => v === null || v === undefined || v === "";
