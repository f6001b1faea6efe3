/** The paging bar of sys lists: total, page size (10/20/50/100, spec section 9) and the page buttons. */
import { Group, Pagination, Select, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export const pageSizes = [10, 20, 50, 100] as const;

export interface PageBarProps {
  /** current page, 1-based */
  page: number;
  /** rows per page */
  limit: number;
  /** rows in total */
  total: number;
  onChange: (page: number, limit: number) => void;
}

export function PageBar({ page, limit, total, onChange }: PageBarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" data-testid="page-bar">
      <Text size="sm" c="dimmed">{t("sys.common.total", { total })}</Text>
      <Select
        w={110}
        size="xs"
        allowDeselect={false}
        data={pageSizes.map((n) => ({ value: String(n), label: t("sys.common.perPage", { n }) }))}
        value={String(limit)}
        onChange={(v) => onChange(1, Number(v))}
        aria-label={t("sys.common.pageSize")}
        data-testid="page-size"
      />
      <Pagination size="sm" total={Math.max(1, Math.ceil(total / limit))} value={page} onChange={(p) => onChange(p, limit)} />
    </Group>
  );
}
PageBar.displayName = "PageBar";
