/** Small pieces shared by the forms screens: status badges. */
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const formColors: Record<string, string> = { "0": "gray", "1": "green", "2": "orange" };

/** A form's status: 0 draft (暂存), 1 released, 2 revoked. */
export function FormStatus({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  const s = status ?? "0";
  return <Badge variant="light" color={formColors[s] ?? "gray"} tt="none" data-status={s}>{t(`forms.status.${s}`, { defaultValue: s })}</Badge>;
}

const filledColors: Record<string, string> = { draft: "gray", reviewing: "blue", approved: "green", rejected: "red", returned: "orange", withdrawn: "gray" };

/** A filled form's status, following its approval (applyStatus values). */
export function FilledStatus({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  const s = status ?? "draft";
  return <Badge variant="light" color={filledColors[s] ?? "gray"} tt="none" data-status={s}>{t(`forms.filledStatus.${s}`, { defaultValue: s })}</Badge>;
}
