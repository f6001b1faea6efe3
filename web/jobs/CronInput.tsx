/**
 * The cron expression of a job: the text, a few presets, and — from the server, so browser and scheduler
 * read an expression alike — its reading in the current language and its next five runs, asked 400 ms after
 * typing stops.
 */
import { Button, Group, List, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { currentLang } from "../core/i18n.ts";
import { jobQueries } from "./api.ts";

const presets = [
  { key: "presetNoon", cron: "0 0 12 * * ?" },
  { key: "presetFiveMinutes", cron: "0 */5 * * * ?" },
  { key: "presetHourly", cron: "0 0 * * * ?" },
] as const;

export function CronInput({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [debounced] = useDebouncedValue(value.trim(), 400);
  const answer = useQuery(jobQueries.nextRuns(debounced));
  // only what was read for the text as it stands: while typing (before the debounce) nothing stale shows
  const reading = debounced === value.trim() ? answer.data : undefined;
  const invalid = reading && !reading.valid ? reading.error || t("jobs.cronInvalid") : undefined;
  return (
    <Stack gap={6}>
      <TextInput
        label={t("jobs.cron")}
        required
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error ?? invalid}
        styles={{ input: { fontFamily: "monospace" } }}
        data-testid="job-cron"
      />
      <Group gap={6}>
        <Text size="xs" c="dimmed">{t("jobs.presets")}</Text>
        {presets.map((p) => (
          <Button key={p.key} size="compact-xs" variant="light" onClick={() => onChange(p.cron)} data-testid={`cron-preset-${p.key}`}>{t(`jobs.${p.key}`)}</Button>
        ))}
      </Group>
      {reading?.valid && (
        <Stack gap={2} data-testid="cron-preview" data-cron={debounced}>
          <Text size="sm">
            <Text span c="dimmed">{t("jobs.cronReading")}：</Text>
            <span data-testid="cron-reading">{reading.reading?.[lang] ?? ""}</span>
          </Text>
          <Text size="xs" c="dimmed">{t("jobs.nextRuns")}</Text>
          <List size="xs" spacing={0} data-testid="cron-next">
            {reading.next.map((time) => <List.Item key={time}>{time}</List.Item>)}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
