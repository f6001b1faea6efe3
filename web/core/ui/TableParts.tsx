/** Small pieces every system screen repeats: the empty-table row and the cancel/save footer of a form. */
import { Button, Group, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The row shown when a table has nothing to show (loading or empty). */
export function EmptyRow({ colSpan, loading }: { colSpan: number; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" size="sm">{loading ? t("sys.common.loading") : t("sys.common.noData")}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
EmptyRow.displayName = "EmptyRow";

/** Cancel and save at the end of a form; save submits it. */
export function FormActions({ onCancel, saveTestId }: { onCancel: () => void; saveTestId: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>{t("actions.cancel")}</Button>
      <Button type="submit" data-testid={saveTestId}>{t("actions.save")}</Button>
    </Group>
  );
}
FormActions.displayName = "FormActions";
