/**
 * One enterprise's profile (/common/enterprisebasicinfo/index?creditCode=…): a header card with who the
 * enterprise is, then tabs — its basic information (the master record's form, editable with the update tag),
 * one tab per enterprise-scoped family grouped as registration records, intellectual property, finance, risk
 * (the synchronised lists) and services, each the generic list scoped to the enterprise (new records start with
 * its code and name), and the timeline of every change to any of its records. A family's tab shows only with
 * its list tag; only the open tab's panel is mounted, so only it fetches. The open tab lives in the URL (`tab`).
 */
import { Alert, Badge, Box, Center, Group, Loader, Paper, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { IconBuildingSkyscraper, IconHistory, IconInfoCircle } from "@tabler/icons-react";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import { familyByName, families } from "../../events/families/index.ts";
import type { Lang } from "../../events/i18n.ts";
import { entryName, useDictionary } from "../core/api/dictionaries.ts";
import { recordQueries, type Row } from "../core/api/records.ts";
import { hasPermission } from "../core/session.ts";
import { FieldValue } from "../crud/FieldValue.tsx";
import { ListPage } from "../crud/ListPage.tsx";
import { RecordForm } from "../crud/RecordForm.tsx";
import { groups, masterName, profilePath, scopedFamilies, type Group as TabGroup } from "./scope.ts";
import { EnterprisePicker } from "./EnterprisePicker.tsx";
import { ProfileTimeline } from "./Timeline.tsx";

/** The header's facts: the first declared field of each (the master's declaration may name them either way). */
const headerFacts: { label: string; keys: string[] }[] = [
  { label: "legalPerson", keys: ["legalPerson", "legalRepName"] },
  { label: "status", keys: ["regStatus", "status"] },
  { label: "industry", keys: ["industry", "industryCode"] },
  { label: "scale", keys: ["scale", "enterpriseScale"] },
  { label: "area", keys: ["areaCode"] },
  { label: "service", keys: ["serviceUserId"] },
];

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
  const byGroup = useMemo(() => {
    const scoped = scopedFamilies(families);
    return Object.fromEntries(groups.map((g) => [g, scoped[g].filter((f) => hasPermission(f.tags.list))])) as Record<TabGroup, Family[]>;
  }, []);
  const shownGroups = groups.filter((g) => byGroup[g].length > 0);
  const openFamily = shownGroups.flatMap((g) => byGroup[g]).find((f) => f.name === tab);
  // the timeline answers with the info tag (and only the families the reader may list)
  const timeline = hasPermission(master.tags.info);
  const current = tab === "timeline" && timeline ? "timeline" : openFamily ? `group:${groups.find((g) => byGroup[g].includes(openFamily))}` : "basic";

  const go = (next: string) => void navigate({ to: profilePath, search: { creditCode, ...(next === "basic" ? {} : { tab: next }) } as never, replace: true, resetScroll: false });
  const openGroup = (value: string | null) => {
    if (!value) return;
    if (!value.startsWith("group:")) return go(value);
    const group = value.slice(6) as TabGroup;
    go(byGroup[group][0]!.name);
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
          {shownGroups.map((g) => (
            <Tabs.Tab key={g} value={`group:${g}`} data-testid={`profile-group-${g}`}>
              {t(`enterprise.tabs.groups.${g}`)}
              <Badge ml={6} size="xs" variant="light" color="gray">{byGroup[g].length}</Badge>
            </Tabs.Tab>
          ))}
          {timeline && <Tabs.Tab value="timeline" leftSection={<IconHistory size={16} />} data-testid="profile-tab-timeline">{t("enterprise.tabs.timeline")}</Tabs.Tab>}
        </Tabs.List>

        <Tabs.Panel value="basic" pt="md">
          <RecordForm family={master} id={String(record[master.idKey])} opened inline editable={hasPermission(master.tags.update)} onClose={() => {}} />
        </Tabs.Panel>

        {shownGroups.map((g) => (
          <Tabs.Panel key={g} value={`group:${g}`} pt="md">
            <Tabs value={openFamily?.name ?? null} onChange={(v) => v && go(v)} keepMounted={false} variant="pills" data-testid="profile-family-tabs">
              <Tabs.List aria-label={t("enterprise.tabs.familiesLabel", { group: t(`enterprise.tabs.groups.${g}`) })} mb="sm">
                {byGroup[g].map((f) => (
                  <Tabs.Tab key={f.name} value={f.name} data-testid="profile-family-tab" data-family={f.name}>{f.label[lang]}</Tabs.Tab>
                ))}
              </Tabs.List>
              {byGroup[g].map((f) => (
                <Tabs.Panel key={f.name} value={f.name}>
                  <ListPage key={f.name} family={f} embedded fixedFilters={{ creditCode }} preset={preset(f)} />
                </Tabs.Panel>
              ))}
            </Tabs>
          </Tabs.Panel>
        ))}

        {timeline && (
          <Tabs.Panel value="timeline" pt="md">
            <ProfileTimeline master={master} creditCode={creditCode} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/** Who the enterprise is: name, code and the facts staff look for first. */
function Header({ master, record, picker }: { master: Family; record: Row; picker: ReactNode }) {
  const { t } = useTranslation();
  const facts = headerFacts
    .map(({ label, keys }) => ({ label, key: keys.find((k) => k in master.fields) }))
    .filter((f): f is { label: string; key: string } => !!f.key);
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
            {t("enterprise.header.creditCode")}: <Text span ff="monospace" c="var(--mantine-color-text)" data-testid="profile-code">{String(record.creditCode ?? "")}</Text>
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm" mt="xs">
            {facts.map(({ label, key }) => (
              <Stack key={key} gap={2} data-fact={key} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">{t(`enterprise.header.${label}`)}</Text>
                <Text size="sm" component="div">
                  {record[key] === null || record[key] === undefined || record[key] === "" ? "—" : master.fields[key]!.kind === "dict" ? <DictText type={master.fields[key]!.dict!} value={String(record[key])} /> : <FieldValue family={master} fieldKey={key} value={record[key]} />}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A dictionary value as plain text that wraps (a tag would run into the next fact with long industry names). */
function DictText({ type, value }: { type: string; value: string }) {
  const { i18n } = useTranslation();
  const { entries } = useDictionary(type);
  const entry = entries.find((e) => String(e.value) === value);
  return <>{entry ? entryName(entry, i18n.language) : value}</>;
}
