/**
 * The business record an approval decides on (the server's `business` of the task's answer): one view for
 * every kind — an application, a filled form, a process's own start form — drawn from the labelled fields
 * the server built from the record's declaration. Numbers carry the unit their field declares, references
 * their record's name, attachments download, the enterprise opens its profile. Fields hidden at the
 * reader's node never reach the browser.
 */
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { BusinessField, BusinessView } from "../../../events/flow/business-view.ts";
import { apiUrl } from "../../core/api/http.ts";
import { getToken } from "../../core/session.ts";
import { DictTag } from "../../widgets/DictTag/index.ts";
import { profilePath } from "../../enterprise/paths.ts";
import { amountText } from "./amount.ts";

const empty = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

const sizeText = (size: number | null) => (size == null ? "" : size < 1024 ? `${size} B` : size < 1048576 ? `${(size / 1024).toFixed(1)} KB` : `${(size / 1048576).toFixed(1)} MB`);

function EnterpriseLink({ field }: { field: BusinessField }) {
  const navigate = useNavigate();
  const creditCode = field.creditCode;
  if (!creditCode) return <>{String(field.value)}</>;
  return (
    <Anchor
      size="sm"
      href={`${profilePath}?creditCode=${encodeURIComponent(creditCode)}`}
      data-testid="business-enterprise"
      onClick={(event: MouseEvent) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate({ to: profilePath, search: { creditCode } as never });
      }}
    >
      {String(field.value)}
    </Anchor>
  );
}

function Files({ field }: { field: BusinessField }) {
  const files = field.files ?? [];
  return (
    <Stack gap={2}>
      {files.map((f) => (
        <Group key={f.id} gap={4} wrap="nowrap">
          <IconDownload size={14} />
          <Anchor size="sm" href={apiUrl("/file/fileDown", { uuid: f.id, token: getToken() })} download={f.name} data-testid="business-file">{f.name}</Anchor>
          {f.size != null && <Text size="xs" c="dimmed">{sizeText(f.size)}</Text>}
        </Group>
      ))}
    </Stack>
  );
}

function Value({ field }: { field: BusinessField }): ReactNode {
  const { t, i18n } = useTranslation();
  const { value } = field;
  if (field.kind === "files" ? !field.files?.length : empty(value)) return <Text size="sm" c="dimmed">—</Text>;
  switch (field.kind) {
    case "number":
      return <Text size="sm" data-unit={field.unit ?? ""}>{amountText(value, field.unit, i18n.language)}</Text>;
    case "dict":
      return field.dict ? <DictTag type={field.dict} value={value as string | string[]} size="sm" /> : <Text size="sm">{String(value)}</Text>;
    case "bool":
      return <Text size="sm">{t(value === true || value === 1 || value === "1" ? "crud.yes" : "crud.no")}</Text>;
    case "ref":
      return <Text size="sm">{field.name ?? String(value)}</Text>;
    case "files":
      return <Files field={field} />;
    case "enterprise":
      return <EnterpriseLink field={field} />;
    case "json":
      return <Text size="sm" ff="monospace">{typeof value === "string" ? value : JSON.stringify(value)}</Text>;
    default:
      return <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{String(value)}</Text>;
  }
}

/** Fields that take the whole row: long texts and file lists. */
const wide = (f: BusinessField) => f.kind === "longText" || f.kind === "files";

export function BusinessRecord({ view }: { view: BusinessView }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="business-record" data-kind={view.kind}>
      <Group gap="xs">
        <Text fw={600} data-testid="business-title">{view.title}</Text>
        {view.status && (view.statusDict ? <DictTag type={view.statusDict} value={view.status} size="sm" /> : <Badge variant="light">{view.status}</Badge>)}
      </Group>
      {view.fields.length === 0 ? (
        <Text c="dimmed" size="sm">{t("flowTasks.page.noForm")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
          {view.fields.map((f) => (
            <Stack key={f.key} gap={2} data-field={f.key} data-kind={f.kind} style={wide(f) ? { gridColumn: "1 / -1" } : undefined}>
              <Text size="xs" c="dimmed">{f.label}</Text>
              <Value field={f} />
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
