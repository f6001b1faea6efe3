/**
 * The Export menu both kinds of list show (a family's, written by the server; an own-endpoint list's, written
 * in the browser): one button, xlsx or csv.
 *
 * @example
 * <ExportMenu busy={busy} onPick={(format) => void run(format)} testId="export" />
 */
import { Button, Menu } from "@mantine/core";
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export type ExportFormat = "xlsx" | "csv";

export function ExportMenu({ busy, onPick, testId }: { busy: boolean; onPick: (format: ExportFormat) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" disabled={busy}>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} loading={busy} data-testid={testId}>
          {t("io.export")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={14} />} onClick={() => onPick("xlsx")} data-testid={`${testId}-xlsx`}>{t("io.exportXlsx")}</Menu.Item>
        <Menu.Item leftSection={<IconFileTypeCsv size={14} />} onClick={() => onPick("csv")} data-testid={`${testId}-csv`}>{t("io.exportCsv")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
