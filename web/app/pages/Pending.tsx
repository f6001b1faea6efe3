/** Fixed routes whose module arrives in a later issue: an honest notice, not a pretend screen. */
import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";

export default function Pending({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Alert title={t("pending.title")} data-pending={name} m="md">
      {t("pending.message")}
    </Alert>
  );
}
