/** /404 with back and home. */
import { Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center h="100vh">
      <Stack align="center">
        <Title order={1} data-testid="not-found">{t("notFound.title")}</Title>
        <Text c="dimmed">{t("notFound.message")}</Text>
        <Group>
          <Button variant="default" onClick={() => window.history.back()}>{t("actions.back")}</Button>
          <Button onClick={() => void navigate({ to: "/home" })}>{t("actions.home")}</Button>
        </Group>
      </Stack>
    </Center>
  );
}
