/** /userinfo: one's own details and the password change (the spec's rules, checked here and by the server). */
import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, post } from "../../core/api/http.ts";
import { t as catalogue } from "../../../events/i18n.ts";
import { isEmail, isMixedPassword, isMobile } from "../../../events/rules.ts";
import { currentLang } from "../../core/i18n.ts";
import { currentUserQuery } from "../../core/api/names.ts";

export default function UserInfo() {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery);
  const info = useForm({
    initialValues: { name: "", phone: "", email: "" },
    validate: {
      name: (v) => (v.trim() ? null : catalogue("required", lang, { name: lang === "zh-CN" ? "姓名" : "Name" })),
      phone: (v) => (!v || isMobile(v) ? null : catalogue("formatIncorrect", lang, { name: lang === "zh-CN" ? "手机号码" : "Mobile phone" })),
      email: (v) => (!v || isEmail(v) ? null : catalogue("formatIncorrect", lang, { name: lang === "zh-CN" ? "电子邮箱" : "E-mail" })),
    },
  });
  useEffect(() => {
    if (user) info.setValues({ name: user.name, phone: user.phone ?? "", email: user.email ?? "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);
  const password = useForm({
    initialValues: { password: "", newPassword: "", confirmPassword: "" },
    validate: {
      password: (v) => (v ? null : catalogue("required", lang, { name: t("userinfo.oldPassword") })),
      newPassword: (v) => (isMixedPassword(v) ? null : catalogue("passwordMixRule", lang)),
      confirmPassword: (v, values) => (v === values.newPassword ? null : catalogue("passwordConfirmMismatch", lang)),
    },
  });
  const run = async (work: () => Promise<{ msg: string }>, after?: () => void) => {
    try {
      notifications.show({ color: "green", message: (await work()).msg });
      after?.();
    } catch (e) {
      notifications.show({ color: "red", message: e instanceof ApiError ? e.message : String(e) });
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder>
        <form onSubmit={info.onSubmit((values) => run(() => post("/sys/user/updateInfo", values), () => void queryClient.invalidateQueries({ queryKey: ["currentUser"] })))}>
          <Stack>
            <Title order={4}>{t("userinfo.title")}</Title>
            <TextInput label={lang === "zh-CN" ? "姓名" : "Name"} {...info.getInputProps("name")} />
            <TextInput label={lang === "zh-CN" ? "手机号码" : "Mobile phone"} {...info.getInputProps("phone")} />
            <TextInput label={lang === "zh-CN" ? "电子邮箱" : "E-mail"} {...info.getInputProps("email")} />
            <Group><Button type="submit">{t("userinfo.save")}</Button></Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder>
        <form onSubmit={password.onSubmit((values) => run(() => post("/sys/user/password", values), () => password.reset()))} data-testid="password-form">
          <Stack>
            <Title order={4}>{t("userinfo.changePassword")}</Title>
            <PasswordInput label={t("userinfo.oldPassword")} {...password.getInputProps("password")} />
            <PasswordInput label={t("userinfo.newPassword")} {...password.getInputProps("newPassword")} />
            <PasswordInput label={t("userinfo.confirmPassword")} {...password.getInputProps("confirmPassword")} />
            <Group><Button type="submit">{t("actions.save")}</Button></Group>
          </Stack>
        </form>
      </Card>
    </SimpleGrid>
  );
}
