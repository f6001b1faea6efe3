/**
 * One enterprise's profile (/common/enterprisebasicinfo/index?creditCode=…): a header card with who the
 * enterprise is, then tabs — its basic information (read as a description list, edited in the record dialog on
 * request with the update tag), the groups of events/families/profile-groups.ts (registration and operations,
 * intellectual property, finance, judicial, credit and dishonesty, tax, administrative, services), each tab the
 * generic list scoped to the enterprise (new records start with its code and name; a hand-entered list and its
 * synchronised mirror one under the other), and the timeline of every change to any of its records. Every tab
 * and group shows its count of records from one answer (tabCounts), a group the sum of its tabs; a group opens
 * on its first tab holding records. A list shows only with its list tag; only the open tab's panel is mounted,
 * so only it fetches. The open tab lives in the URL (`tab`).
 */
import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { IconBuildingSkyscraper, IconEdit, IconHistory, IconInfoCircle } from "@tabler/icons-react";
import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { enterprise } from "../../events/api/enterprise.ts";
import type { Family } from "../../events/family.ts";
import { familyByName, families } from "../../events/families/index.ts";
import type { Lang } from "../../events/i18n.ts";
import { entryName, useDictionary } from "../core/api/dictionaries.ts";
import { call } from "../core/api/call.ts";
import { recordQueries, type Row } from "../core/api/records.ts";
import { hasPermission } from "../core/session.ts";
import { isWide } from "../crud/FieldInput.tsx";
import { FieldValue } from "../crud/FieldValue.tsx";
import { ListPage } from "../crud/ListPage.tsx";
import { RecordForm } from "../crud/RecordForm.tsx";
import { formFields } from "../crud/values.ts";
import { findTab, groupCount, masterName, openingTab, shownGroups, tabCount, type Counts, type ShownGroup, type ShownTab } from "./scope.ts";
import { profilePath } from "./paths.ts";
import { EnterprisePicker } from "./EnterprisePicker.tsx";
import { ProfileTimeline } from "./Timeline.tsx";
import { profilePanelsShown } from "../registry/index.ts";

/** The header's facts: the first declared field of each (the master's declaration may name them either way). */
const headerFacts: string[][] = [["legalPerson", "legalRepName"], ["regStatus", "status"], ["industry", "industryCode"], ["scale", "enterpriseScale"], ["areaCode"], ["serviceUserId"]];

export default function EnterpriseProfile() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const creditCode = typeof search.creditCode === "string" ? search.creditCode.trim().toUpperCase() : "";
  const master = familyByName.get(masterName);

  if (!master) return <Alert m="md" color="orange" data-testid="profile-missing">{t("pending.message")}</Alert>;
  if (!hasPermission(master.tags.list) && !hasPermission(master.tags.info)) return <Alert m="md" color="red" data-testid="profile-denied">{t("enterprise.noAccess")}</Alert>;
  if (!creditCode) {
    return (
      <Stack m="md" gap="sm">
        <Alert color="blue" data-testid="profile-missing">{t("enterprise.missingCode")}</Alert>
        <EnterprisePicker master={master} w="100%" />
      </Stack>
    );
  }
  return <Profile key={creditCode} master={master} creditCode={creditCode} tab={typeof search.tab === "string" ? search.tab : "basic"} />;
}

function Profile({ master, creditCode, tab }: { master: Family; creditCode: string; tab: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const navigate = useNavigate();
  const found = useQuery(recordQueries(master.path).list({ page: 1, limit: 1, creditCode }));
  const record = found.data?.rows[0];
  // the tabs this user may open, by group (a group without any stays out)
  const groups = useMemo(() => shownGroups(families, (f) => hasPermission(f.tags.list)), []);
  const counts = useQuery({
    queryKey: [master.path, "tabCounts", creditCode],
    queryFn: () => call(enterprise.tabCounts, { query: { creditCode } }),
    enabled: groups.length > 0,
    staleTime: 0,
  });
  const open = findTab(groups, tab);
  // counts follow the lists: asked again whenever another tab opens (a record added or removed meanwhile);
  // the first tab's are the query's own first answer
  const { refetch } = counts;
  const openedTab = useRef(tab);
  useEffect(() => {
    if (openedTab.current === tab) return;
    openedTab.current = tab;
    void refetch();
  }, [tab, refetch]);
  // the timeline answers with the info tag (and only the families the reader may list)
  const timeline = hasPermission(master.tags.info);
  // tabs other areas add (the visits timeline…), by their key
  const panels = useMemo(() => profilePanelsShown(), []);
  const panel = panels.find((p) => p.key === tab);
  const current = tab === "timeline" && timeline ? "timeline" : panel ? panel.key : open ? `group:${open.group.id}` : "basic";

  const go = (next: string) => void navigate({ to: profilePath, search: { creditCode, ...(next === "basic" ? {} : { tab: next }) } as never, replace: true, resetScroll: false });
  const openGroup = (value: string | null) => {
    if (!value) return;
    const group = value.startsWith("group:") ? groups.find((g) => `group:${g.id}` === value) : undefined;
    go(group ? openingTab(group, counts.data).key : value);
  };

  if (found.isLoading) return <Center h={200}><Loader /></Center>;
  if (found.error) return <Alert m="md" color="red">{(found.error as Error).message}</Alert>;
  if (!record) {
    return (
      <Stack m="md" gap="sm">
        <Alert color="orange" data-testid="profile-not-found">{t("enterprise.notFound", { code: creditCode })}</Alert>
        <EnterprisePicker master={master} w="100%" />
      </Stack>
    );
  }
  const entName = typeof record.entName === "string" ? record.entName : "";
  const preset = (family: Family): Row => Object.fromEntries(Object.entries({ creditCode, entName }).filter(([key]) => key in family.fields));

  return (
    <Stack gap="md" data-testid="enterprise-profile" data-credit-code={creditCode}>
      <Header master={master} record={record} picker={<EnterprisePicker master={master} />} />
      <Tabs value={current} onChange={openGroup} keepMounted={false} variant="outline" data-testid="profile-tabs">
        <Tabs.List aria-label={t("enterprise.tabs.label")}>
          <Tabs.Tab value="basic" leftSection={<IconInfoCircle size={16} />} data-testid="profile-tab-basic">{t("enterprise.tabs.basic")}</Tabs.Tab>
          {groups.map((g) => (
            <Tabs.Tab key={g.id} value={`group:${g.id}`} data-testid={`profile-group-${g.id}`} rightSection={<CountBadge n={groupCount(g, counts.data)} />}>
              {g.label[lang]}
            </Tabs.Tab>
          ))}
          {timeline && <Tabs.Tab value="timeline" leftSection={<IconHistory size={16} />} data-testid="profile-tab-timeline">{t("enterprise.tabs.timeline")}</Tabs.Tab>}
          {panels.map((p) => <Tabs.Tab key={p.key} value={p.key} data-testid={`profile-tab-${p.key}`}>{p.label(t)}</Tabs.Tab>)}
        </Tabs.List>

        <Tabs.Panel value="basic" pt="md">
          <BasicInfo master={master} id={String(record[master.idKey])} />
        </Tabs.Panel>

        {groups.map((g) => (
          <Tabs.Panel key={g.id} value={`group:${g.id}`} pt="md">
            <GroupTabs group={g} open={open?.group.id === g.id ? open.tab : undefined} counts={counts.data} onOpen={go} creditCode={creditCode} preset={preset} />
          </Tabs.Panel>
        ))}

        {timeline && (
          <Tabs.Panel value="timeline" pt="md">
            <ProfileTimeline master={master} creditCode={creditCode} />
          </Tabs.Panel>
        )}

        {panels.map((p) => (
          <Tabs.Panel key={p.key} value={p.key} pt="md">
            <Suspense fallback={<Center h={120}><Loader /></Center>}>
              <p.component creditCode={creditCode} />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** A count beside a tab's name (nothing until the counts have answered). */
function CountBadge({ n }: { n: number | undefined }) {
  if (n === undefined) return null;
  return <Badge size="xs" variant="light" color={n > 0 ? "blue" : "gray"} data-testid="tab-count">{n}</Badge>;
}

/** One group's tabs: each list's name and count; the open tab's lists, a synchronised mirror below the hand-entered list. */
function GroupTabs({ group, open, counts, onOpen, creditCode, preset }: { group: ShownGroup; open: ShownTab | undefined; counts: Counts | undefined; onOpen: (key: string) => void; creditCode: string; preset: (family: Family) => Row }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  return (
    <Tabs value={open?.key ?? null} onChange={(v) => v && onOpen(v)} keepMounted={false} variant="pills" data-testid="profile-family-tabs">
      <Tabs.List aria-label={t("enterprise.tabs.familiesLabel", { group: group.label[lang] })} mb="sm">
        {group.tabs.map((tab) => {
          const n = tabCount(tab, counts);
          return (
            <Tabs.Tab key={tab.key} value={tab.key} data-testid="profile-family-tab" data-family={tab.key} data-lists={tab.lists.map((f) => f.name).join(",")} data-count={n} rightSection={<CountBadge n={n} />}>
              {tab.label[lang]}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {group.tabs.map((tab) => (
        <Tabs.Panel key={tab.key} value={tab.key}>
          <Stack gap="lg">
            {tab.lists.map((f) => (
              <Box key={f.name} data-testid="profile-list" data-list={f.name}>
                {tab.lists.length > 1 && (
                  <Text fw={600} size="sm" mb={4}>
                    {t(f.path.startsWith("/syn/") ? "enterprise.tabs.synchronised" : "enterprise.tabs.entered")}
                  </Text>
                )}
                <ListPage family={f} embedded fixedFilters={{ creditCode }} preset={preset(f)} />
              </Box>
            ))}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The master record read as a description list; the record dialog edits it on request (with the update tag). */
function BasicInfo({ master, id }: { master: Family; id: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [editing, setEditing] = useState(false);
  const detail = useQuery(recordQueries(master.path).detail(id));
  // what the form shows, read: the master's fields but the carried reference lists
  const shown = formFields(master).filter(([, f]) => f.kind !== "refs");
  return (
    <Paper withBorder p="md" data-testid="profile-basic">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{master.label[lang]}</Title>
        {hasPermission(master.tags.update) && (
          <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={() => setEditing(true)} disabled={!detail.data} data-testid="profile-basic-edit">
            {t("actions.edit")}
          </Button>
        )}
      </Group>
      {detail.isLoading ? (
        <Center h={120}><Loader size="sm" /></Center>
      ) : detail.error ? (
        <Alert color="red">{(detail.error as Error).message}</Alert>
      ) : (
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="sm" m={0}>
          {shown.map(([key, f]) => (
            <Box key={key} data-field={key} style={isWide(master, key) ? { gridColumn: "1 / -1" } : undefined}>
              <Text component="dt" size="xs" c="dimmed">{f.label[lang]}</Text>
              <Text component="dd" size="sm" m={0} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                <Fact family={master} fieldKey={key} value={detail.data?.[key]} />
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      )}
      <RecordForm family={master} id={id} opened={editing} onClose={() => setEditing(false)} />
    </Paper>
  );
}

/** Who the enterprise is: name, code and the facts staff look for first, each under its field's own label. */
function Header({ master, record, picker }: { master: Family; record: Row; picker: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const facts = headerFacts.map((keys) => keys.find((k) => k in master.fields)).filter((k): k is string => !!k);
  return (
    <Paper withBorder p="md" radius="md" data-testid="profile-header">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box c="blue" pt={4}><IconBuildingSkyscraper size={32} /></Box>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={3} data-testid="profile-name">{String(record.entName ?? "")}</Title>
            {picker}
          </Group>
          <Text size="sm" c="dimmed">
            {master.fields.creditCode!.label[lang]}: <Text span ff="monospace" c="var(--mantine-color-text)" data-testid="profile-code">{String(record.creditCode ?? "")}</Text>
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm" mt="xs">
            {facts.map((key) => (
              <Stack key={key} gap={2} data-fact={key} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" data-testid="fact-label">{master.fields[key]!.label[lang]}</Text>
                <Text size="sm" component="div">
                  <Fact family={master} fieldKey={key} value={record[key]} />
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A value of the master record: "—" when blank, a dictionary value as plain text that wraps, else as lists show it. */
function Fact({ family, fieldKey, value }: { family: Family; fieldKey: string; value: unknown }) {
  if (value === null || value === undefined || value === "") return <>—</>;
  const field = family.fields[fieldKey]!;
  if (field.kind === "dict" && !field.multiple) return <DictText type={field.dict!} value={String(value)} />;
  return <FieldValue family={family} fieldKey={fieldKey} value={value} />;
}

/** A dictionary value as plain text that wraps (a tag would run into the next fact with long industry names). */
function DictText({ type, value }: { type: string; value: string }) {
  const { i18n } = useTranslation();
  const { entries } = useDictionary(type);
  const entry = entries.find((e) => String(e.value) === value);
  return <>{entry ? entryName(entry, i18n.language) : value}</>;
}
