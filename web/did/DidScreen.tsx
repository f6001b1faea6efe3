/**
 * DID管理 (/bt/did): the platform as a did:web issuer. Three tabs (the tab in the URL): a DID document
 * (the platform's, an enterprise's or an institution's), the credentials issued (verify, revoke), and
 * verifying a pasted credential.
 */
import { Card, Tabs } from "@mantine/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { hasPermission } from "../core/session.ts";
import { didTags } from "./api.ts";
import { CredentialsPanel } from "./CredentialsPanel.tsx";
import { DocumentPanel } from "./DocumentPanel.tsx";
import { VerifyPanel } from "./VerifyPanel.tsx";

const tabs = ["document", "credentials", "verify"] as const;
type Tab = (typeof tabs)[number];

export default function DidScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const tab: Tab = tabs.includes(search.tab as Tab) ? (search.tab as Tab) : "document";
  return (
    <Card withBorder data-testid="did-screen">
      <Tabs value={tab} onChange={(v) => void navigate({ to: ".", search: { tab: v ?? "document" } as never })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="document" data-testid="did-tab-document">{t("did.tab.document")}</Tabs.Tab>
          <Tabs.Tab value="credentials" data-testid="did-tab-credentials">{t("did.tab.credentials")}</Tabs.Tab>
          {hasPermission(didTags.verify) && <Tabs.Tab value="verify" data-testid="did-tab-verify">{t("did.tab.verify")}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="document"><DocumentPanel /></Tabs.Panel>
        <Tabs.Panel value="credentials"><CredentialsPanel /></Tabs.Panel>
        <Tabs.Panel value="verify"><VerifyPanel /></Tabs.Panel>
      </Tabs>
    </Card>
  );
}
