/** /lock: the screen stays locked (every layout route sends here) until the user's password unlocks it. */
import { Alert, Button, Center, Paper, PasswordInput, Stack, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, post } from "../../core/api/http.ts";
import { clearSession } from "../../core/session.ts";

export default function Lock() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const unlock = async () => {
    try {
      await post("/auth/unlock", { password });
      localStorage.removeItem("qifu.locked");
      await navigate({ to: "/home" });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("lock.wrong"));
    }
  };
  return (
    <Center h="100vh" bg="var(--mantine-color-dark-6)">
      <Paper w={360} p="xl" radius="md">
        <Stack>
          <Title order={3} data-testid="lock-title">{t("lock.title")}</Title>
          {error && <Alert color="red">{error}</Alert>}
          <PasswordInput placeholder={t("lock.password")} value={password} onChange={(e) => setPassword(e.currentTarget.value)} onKeyDown={(e) => e.key === "Enter" && void unlock()} data-testid="unlock-password" />
          <Button onClick={() => void unlock()} data-testid="unlock">{t("lock.unlock")}</Button>
          <Button variant="subtle" onClick={() => { clearSession(); window.location.assign("/login"); }}>{t("lock.switchUser")}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
