/**
 * /common/servicefiles/xqdalist (the spec's "visit tasks"): the demand files (需求档案) among the visit
 * histories, the generic list of `envisithistory` held to archive type xqda; new entries start as one.
 */
import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { families } from "../../events/families/index.ts";
import { ListPage } from "../crud/ListPage.tsx";

const visitHistory = families.find((f) => f.perm === "common:envisithistory")!;
const demandFiles = { archiveType: "xqda" };

export default function DemandFiles() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={4}>{t("enterprise.demandFiles")}</Title>
      <ListPage family={visitHistory} fixedFilters={demandFiles} preset={demandFiles} embedded />
    </Stack>
  );
}
