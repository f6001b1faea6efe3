/**
 * The home page's work area: pending, approved, my messages and my initiations as tabs, each with its
 * count (task counts from the workflow, my unread messages from the message centre).
 */
import { Badge, Tabs } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconCircleCheck, IconInbox, IconMail, IconSend } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { countsQuery, summaryQuery } from "./api.ts";
import { MessageList } from "./MessageList.tsx";
import { ApprovedList, InitiatedList, PendingList } from "./TaskLists.tsx";

export type CentreTab = "pending" | "approved" | "mine" | "initiated";

function Count({ n, color, testId }: { n: number | undefined; color: string; testId: string }) {
  if (n === undefined) return null;
  return <Badge size="sm" circle={n < 10} color={n ? color : "gray"} variant={n ? "filled" : "light"} data-testid={testId}>{n > 99 ? "99+" : n}</Badge>;
}

/** The tabs in order: icon, what the count badge shows and its colour, the list. */
const tabs: { value: CentreTab; icon: typeof IconInbox; count: "todo" | "done" | "unread" | "initiated"; color: string; list: ReactNode }[] = [
  { value: "pending", icon: IconInbox, count: "todo", color: "red", list: <PendingList embedded /> },
  { value: "approved", icon: IconCircleCheck, count: "done", color: "green", list: <ApprovedList embedded /> },
  { value: "mine", icon: IconMail, count: "unread", color: "blue", list: <MessageList embedded /> },
  { value: "initiated", icon: IconSend, count: "initiated", color: "cyan", list: <InitiatedList embedded /> },
];

export function MessageCentre({ initialTab = "pending" }: { initialTab?: CentreTab }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<CentreTab>(initialTab);
  // counts refresh every minute, so a new task shows up without a reload
  const counts = useQuery({ ...countsQuery, refetchInterval: 60_000, retry: false });
  const summary = useQuery({ ...summaryQuery, refetchInterval: 60_000, retry: false });
  const count = (key: (typeof tabs)[number]["count"]) => (key === "unread" ? summary.data?.unread : counts.data?.[key]);
  return (
    <Tabs value={tab} onChange={(v) => v && setTab(v as CentreTab)} keepMounted={false} data-testid="msg-centre">
      <Tabs.List>
        {tabs.map(({ value, icon: Icon, count: key, color }) => (
          <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />} rightSection={<Count n={count(key)} color={color} testId={`count-${value}`} />} data-testid={`tab-${value}`}>
            {t(`msg.tabs.${value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ value, list }) => (
        <Tabs.Panel key={value} value={value} pt="md">{list}</Tabs.Panel>
      ))}
    </Tabs>
  );
}
