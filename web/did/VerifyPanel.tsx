/** Verify a pasted credential (JWT) against the issuer's DID document and the status list. */
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { verifyCredential, type Verification } from "./api.ts";
import { VerificationResult } from "./VerificationResult.tsx";
import { useAction } from "./useAction.ts";

export function VerifyPanel() {
  const { t } = useTranslation();
  const [jwt, setJwt] = useState("");
  const [busy, run] = useAction();
  const [result, setResult] = useState<Verification | null>(null);
  const verify = () =>
    run(async () => {
      setResult(null);
      setResult(await verifyCredential(jwt.trim()));
    });
  return (
    <Stack>
      <Textarea
        label={t("did.verify.paste")}
        placeholder="eyJhbGciOiJFZERTQSIs…"
        autosize
        minRows={4}
        maxRows={10}
        value={jwt}
        onChange={(e) => setJwt(e.currentTarget.value)}
        styles={{ input: { fontFamily: "monospace", fontSize: 12, wordBreak: "break-all" } }}
        data-testid="did-verify-input"
      />
      <Group>
        <Button onClick={() => void verify()} loading={busy} disabled={!jwt.trim()} data-testid="did-verify-run">{t("did.verify.run")}</Button>
      </Group>
      {result && <VerificationResult result={result} />}
    </Stack>
  );
}
