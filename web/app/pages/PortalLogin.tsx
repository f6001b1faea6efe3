/** /oalogin and /pflogin: redeem the portal's ticket from the query and enter the product. */
import { Alert, Center, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, post } from "../../core/api/http.ts";
import { saveSignIn } from "../../core/session.ts";

export default function PortalLogin({ portal }: { portal: "oa" | "pf" }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  // a ticket is single use: redeemed once per visit, whatever re-renders or a language switch do to the effect
  const redeemed = useRef(false);
  useEffect(() => {
    if (redeemed.current) return;
    redeemed.current = true;
    const params = new URLSearchParams(window.location.search);
    const ticket = params.get("ticket");
    if (!ticket) {
      setError(t("portal.failed"));
      return;
    }
    post<{ token: string }>("/auth/account_oa", { ticket })
      .then((answer) => {
        saveSignIn(answer.data.token, params.get("userNo") ?? portal);
        window.location.assign("/home");
      })
      .catch((e) => setError(e instanceof ApiError ? e.message : t("portal.failed")));
  }, [portal, t]);
  return (
    <Center h="100vh">
      <Stack align="center">
        {error ? <Alert color="red">{error}</Alert> : <><Loader /><Text>{t("portal.signingIn")}</Text></>}
      </Stack>
    </Center>
  );
}
