/**
 * The home page's work area: pending, approved, my messages and my initiations as tabs, each with its
 * count (task counts from the workflow, my unread messages from the message centre).
 */
import { Badge, Tabs } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconCircleCheck, IconInbox, IconMail, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { countsQuery, summaryQuery } from "./api.ts";
import { MessageList } from "./MessageList.tsx";
import { ApprovedList, InitiatedList, PendingList } from "./TaskLists.tsx";

export type CentreTab = "pending" | "approved" | "mine" | "initiated";

function Count({ n, color, testId }: { n: number | undefined; color: string; testId: string }) {
  if (n === undefined) return null;
  return <Badge size="sm" circle={n < 10} color={n ? color : "gray"} variant={n ? "filled" : "light"} data-testid={testId}>{n > 99 ? "99+" : n}</Badge>;
}

export function MessageCentre({ initialTab = "pending" }: { initialTab?: CentreTab }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<CentreTab>(initialTab);
  // counts refresh every minute, so a new task shows up without a reload
  const counts = useQuery({ ...countsQuery, refetchInterval: 60_000, retry: false });
  const summary = useQuery({ ...summaryQuery, refetchInterval: 60_000, retry: false });
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v as CentreTab)} keepMounted={false} data-testid="msg-centre">
      <Tabs.List>
        <Tabs.Tab value="pending" leftSection={<IconInbox size={16} />} rightSection={<Count n={counts.data?.todo} color="red" testId="count-pending" />} data-testid="tab-pending">
          {t("msg.tabs.pending")}
        </Tabs.Tab>
        <Tabs.Tab value="approved" leftSection={<IconCircleCheck size={16} />} rightSection={<Count n={counts.data?.done} color="green" testId="count-approved" />} data-testid="tab-approved">
          {t("msg.tabs.approved")}
        </Tabs.Tab>
        <Tabs.Tab value="mine" leftSection={<IconMail size={16} />} rightSection={<Count n={summary.data?.unread} color="blue" testId="count-mine" />} data-testid="tab-mine">
          {t("msg.tabs.mine")}
        </Tabs.Tab>
        <Tabs.Tab value="initiated" leftSection={<IconSend size={16} />} rightSection={<Count n={counts.data?.initiated} color="cyan" testId="count-initiated" />} data-testid="tab-initiated">
          {t("msg.tabs.initiated")}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="pending" pt="md"><PendingList /></Tabs.Panel>
      <Tabs.Panel value="approved" pt="md"><ApprovedList /></Tabs.Panel>
      <Tabs.Panel value="mine" pt="md"><MessageList /></Tabs.Panel>
      <Tabs.Panel value="initiated" pt="md"><InitiatedList /></Tabs.Panel>
    </Tabs>
  );
}
