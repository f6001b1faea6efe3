/**
 * /home: the welcome line, the message centre's work tabs (pending, approved, my messages, my
 * initiations, each with its count; rows open /todoCheck) and the system information.
 */
import { Card, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { currentUserQuery } from "../../core/api/names.ts";
import { MessageCentre } from "../../msg/MessageCentre.tsx";

export default function Home() {
  const { t, i18n } = useTranslation();
  const { data: user } = useQuery(currentUserQuery);
  const rows: [string, string][] = [
    [t("home.account"), user?.userNo ?? ""],
    [t("home.department"), user?.deptName ?? "—"],
    [t("home.division"), user?.orgCode ?? ""],
    [t("home.language"), i18n.language],
    [t("home.version"), "0.1.0"],
  ];
  return (
    <Stack>
      <Title order={3} data-testid="home-welcome">{t("home.welcome", { name: user?.name ?? "" })}</Title>
      <Card withBorder>
        <MessageCentre />
      </Card>
      <Card withBorder maw={640}>
        <Text fw={600} mb="sm">{t("home.system")}</Text>
        <Table>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Td w={140} c="dimmed">{k}</Table.Td>
                <Table.Td>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
