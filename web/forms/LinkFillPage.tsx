/**
 * /vueedit?token=… — the public page of a fill-in link: the one release the token names, rendered with the
 * app's own form renderer over the model's fields, and nothing else (no shell, no menu, no session). The
 * dictionaries its fields use come with the form (the page may not call the signed-in lookups). A bad,
 * altered, expired or used link shows the server's message; a submission shows the fields the server refused
 * by name, then a thank-you once accepted (one submission per link).
 */
import { Alert, Badge, Button, Card, Center, Container, Group, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { familyOfModel } from "../../events/datamodel/definition.ts";
import type { Lang } from "../../events/i18n.ts";
import { ApiError } from "../core/api/http.ts";
import { primeDictionaries } from "../core/api/dictionaries.ts";
import { setTitle, switchLanguage } from "../core/i18n.ts";
import { linkForm, submitLink, type LinkForm } from "./api.ts";
import { FormRenderer, requiredErrors } from "./FormRenderer.tsx";

export default function LinkFillPage() {
  const { t, i18n } = useTranslation();
  const search = useSearch({ strict: false }) as { token?: unknown };
  const token = typeof search.token === "string" ? search.token : "";
  const opened = useQuery({
    queryKey: ["/form/link", token],
    queryFn: async () => {
      const data = (await linkForm(token)).data;
      primeDictionaries(data.dicts);
      return data;
    },
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => setTitle(opened.data?.form.name), [opened.data]);

  return (
    <Container size="md" py="xl" data-testid="link-fill-page">
      <Group justify="flex-end" mb="sm">
        <Select size="xs" w={110} value={i18n.language} data={[{ value: "zh-CN", label: "简体中文" }, { value: "en-US", label: "English" }]} onChange={(v) => v && switchLanguage(v as Lang)} aria-label="language" />
      </Group>
      {!token ? (
        <Alert color="red" title={t("forms.public.unavailable")} data-testid="link-error"><span data-testid="link-error-message">{t("forms.public.noToken")}</span></Alert>
      ) : opened.isLoading ? (
        <Center py="xl"><Group gap="xs"><Loader size="sm" /><Text size="sm">{t("forms.public.loading")}</Text></Group></Center>
      ) : opened.error ? (
        <Alert color="red" title={t("forms.public.unavailable")} data-testid="link-error"><span data-testid="link-error-message">{(opened.error as Error).message}</span></Alert>
      ) : opened.data ? (
        <LinkFormBody token={token} link={opened.data} />
      ) : null}
    </Container>
  );
}

function LinkFormBody({ token, link }: { token: string; link: LinkForm }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const family = useMemo(() => familyOfModel(link.model.id, link.model.model), [link]);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [submittedAt, setSubmittedAt] = useState<string | null>(null);

  if (submittedAt) {
    return (
      <Alert color="green" title={t("forms.public.done")} data-testid="link-done">{t("forms.public.doneText", { time: submittedAt })}</Alert>
    );
  }

  const submit = async () => {
    const missing = requiredErrors(link.layout, values, family, t, lang);
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      setSubmittedAt((await submitLink(token, values)).data.submittedAt);
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : {};
      setErrors(fields);
      // a refusal of the link itself (used meanwhile, revoked) or of no particular field is shown above the button
      if (!Object.keys(fields).length) setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack>
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={3} data-testid="link-form-name">{link.form.name}</Title>
            <Badge variant="outline" tt="none">v{link.form.version}</Badge>
          </Group>
          <Text size="sm" data-testid="link-enterprise">{t("forms.public.enterprise", { name: link.enterprise.name })}</Text>
          <Text size="xs" c="dimmed">{t("forms.public.expires", { time: link.expiresAt })} · {t("forms.public.onceHint")}</Text>
        </Stack>
        <FormRenderer layout={link.layout} family={family} fields={link.model.model.fields} values={values} errors={errors} onChange={(k, v) => (setValues((s) => ({ ...s, [k]: v })), setErrors(({ [k]: _fixed, ...rest }) => rest))} />
        {failure && <Alert color="red" data-testid="link-submit-error">{failure}</Alert>}
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={busy} data-testid="link-submit">{t("forms.public.submit")}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
