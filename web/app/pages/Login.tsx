/** /login: account, password and the captcha image (click to refresh); on success back to where the user was going. */
import { Alert, Button, Center, Group, Image, Paper, PasswordInput, Select, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiUrl, ApiError, post } from "../../core/api/http.ts";
import { saveSignIn, takeSignInNotice } from "../../core/session.ts";
import { forgetNavigation } from "../../core/navigation.ts";
import { setTitle, switchLanguage } from "../../core/i18n.ts";

export function Login() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const [uuid, setUuid] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(takeSignInNotice);
  const [busy, setBusy] = useState(false);
  setTitle(t("login.title"));
  const required = (name: string) => (v: string) => (v.trim() ? null : t("login.required", { name }));
  const form = useForm({
    initialValues: { userNo: "", password: "", captcha: "" },
    validate: { userNo: required(t("login.userNo")), password: required(t("login.password")), captcha: required(t("login.captcha")) },
  });
  const refresh = () => setUuid(crypto.randomUUID());
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await post<{ token: string }>("/auth/account", { ...values, uuid });
      forgetNavigation();
      saveSignIn(answer.data.token, values.userNo);
      const target = search.redirect && search.redirect.startsWith("/") && !search.redirect.startsWith("/login") ? search.redirect : "/home";
      await navigate({ to: target });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      form.setFieldValue("captcha", "");
      refresh();
    } finally {
      setBusy(false);
    }
  });
  return (
    <Center h="100vh" bg="var(--mantine-color-gray-1)">
      <Paper w={380} p="xl" shadow="md" radius="md">
        <form onSubmit={submit} data-testid="login-form">
          <Stack>
            <Group justify="space-between">
              <Title order={3}>{t("app.title")}</Title>
              <Select size="xs" w={110} value={i18n.language} data={[{ value: "zh-CN", label: "简体中文" }, { value: "en-US", label: "English" }]} onChange={(v) => v && switchLanguage(v as "zh-CN" | "en-US")} aria-label="language" />
            </Group>
            {error && <Alert color="red" data-testid="login-error">{error}</Alert>}
            <TextInput label={t("login.userNo")} name="userNo" autoComplete="username" {...form.getInputProps("userNo")} />
            <PasswordInput label={t("login.password")} name="password" autoComplete="current-password" {...form.getInputProps("password")} />
            <Group align="flex-end" wrap="nowrap">
              <TextInput label={t("login.captcha")} name="captcha" style={{ flex: 1 }} {...form.getInputProps("captcha")} />
              <Image src={apiUrl("/auth/captcha.jpg", { uuid })} w={120} h={40} alt={t("login.refreshCaptcha")} title={t("login.refreshCaptcha")} onClick={refresh} style={{ cursor: "pointer" }} data-testid="captcha-image" />
            </Group>
            <Button type="submit" loading={busy} data-testid="login-submit">{t("login.submit")}</Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
