/** The enterprise list's row action: open the enterprise's profile (a link, so ctrl/⌘-click opens a tab). */
import { Button } from "@mantine/core";
import { IconId } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Row } from "../core/api/records.ts";
import { profilePath } from "./paths.ts";

export default function ProfileAction({ row }: { family: Family; row: Row }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const creditCode = typeof row.creditCode === "string" ? row.creditCode : "";
  if (!creditCode) return null;
  const href = `${profilePath}?creditCode=${encodeURIComponent(creditCode)}`;
  return (
    <Button
      component="a"
      href={href}
      size="compact-sm"
      variant="subtle"
      leftSection={<IconId size={14} />}
      onClick={(event: MouseEvent) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate({ to: profilePath, search: { creditCode } as never });
      }}
      data-testid="open-profile"
    >
      {t("enterprise.profile")}
    </Button>
  );
}
