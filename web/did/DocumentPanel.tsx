/**
 * A DID document: the platform's, or an enterprise's or institution's by its credit code, with its DID, the
 * address a did:web resolver reads it from, and the document itself.
 */
import { Alert, Anchor, Button, Code, Group, SegmentedControl, Stack, Table, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { documentQuery, type DidKind } from "./api.ts";

export function DocumentPanel() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DidKind>("platform");
  const [input, setInput] = useState("");
  const [code, setCode] = useState<string | null>(null);
  const asked = kind === "platform" || !!code;
  const doc = useQuery({ ...documentQuery(kind, code), enabled: asked });
  const show = () => setCode(input.trim().toUpperCase() || null);
  return (
    <Stack>
      <Group align="flex-end">
        <SegmentedControl
          value={kind}
          onChange={(v) => {
            setKind(v as DidKind);
            setCode(null);
          }}
          data={(["platform", "enterprise", "institution"] as const).map((k) => ({ value: k, label: t(`did.kind.${k}`) }))}
          data-testid="did-kind"
        />
        {kind !== "platform" && (
          <>
            <TextInput w={260} placeholder={t("did.document.code")} value={input} onChange={(e) => setInput(e.currentTarget.value)} onKeyDown={(e) => e.key === "Enter" && show()} data-testid="did-code" />
            <Button onClick={show} disabled={!input.trim()} data-testid="did-show">{t("did.document.show")}</Button>
          </>
        )}
      </Group>
      {!asked && <Alert color="blue">{t("did.document.pick")}</Alert>}
      {doc.isError && <Alert color="red" data-testid="did-document-error">{doc.error.message}</Alert>}
      {asked && doc.data && (
        <Stack gap="xs" data-testid="did-document">
          <Table withTableBorder>
            <Table.Tbody>
              <Table.Tr><Table.Th w={160}>DID</Table.Th><Table.Td><Code data-testid="did-document-id">{doc.data.did}</Code></Table.Td></Table.Tr>
              {doc.data.name && <Table.Tr><Table.Th>{t("did.document.name")}</Table.Th><Table.Td data-testid="did-document-name">{doc.data.name}</Table.Td></Table.Tr>}
              <Table.Tr><Table.Th>{t("did.document.url")}</Table.Th><Table.Td><Anchor href={doc.data.url} target="_blank" size="sm">{doc.data.url}</Anchor></Table.Td></Table.Tr>
              <Table.Tr>
                <Table.Th>{t("did.document.keys")}</Table.Th>
                <Table.Td data-testid="did-document-keys">{[...new Set([...doc.data.document.assertionMethod])].map((k) => <Code key={k} block>{k}</Code>)}</Table.Td>
              </Table.Tr>
              {doc.data.document.controller && <Table.Tr><Table.Th>{t("did.document.controller")}</Table.Th><Table.Td><Code>{doc.data.document.controller}</Code></Table.Td></Table.Tr>}
            </Table.Tbody>
          </Table>
          <Code block data-testid="did-document-json" style={{ maxHeight: 420, overflow: "auto" }}>{JSON.stringify(doc.data.document, null, 2)}</Code>
        </Stack>
      )}
    </Stack>
  );
}
