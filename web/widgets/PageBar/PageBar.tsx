/** The paging bar of every list: total, rows per page (10/20/50/100, spec section 9) and the pages. */
import { Group, NativeSelect, Pagination, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export const pageSizes = [10, 20, 50, 100] as const;

export interface PageBarProps {
  /** current page, 1-based */
  page: number;
  /** rows per page */
  limit: number;
  /** rows in total */
  total: number;
  /** more rows matched than the server counts: the total shows as "10,000+" @default false */
  capped?: boolean;
  /** a new page, or page 1 with a new page size */
  onChange: (page: number, limit: number) => void;
}

export function PageBar({ page, limit, total, capped = false, onChange }: PageBarProps) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Group justify="space-between" wrap="wrap" data-testid="page-bar">
      <Text size="sm" c="dimmed" data-testid="total">{t("widgets.total", { total: capped ? `${total.toLocaleString(i18n.language)}+` : total })}</Text>
      <Group gap="sm">
        <NativeSelect
          aria-label={t("widgets.pageSize")}
          data-testid="page-size"
          value={String(limit)}
          onChange={(e) => onChange(1, Number(e.currentTarget.value))}
          data={pageSizes.map((n) => ({ value: String(n), label: t("widgets.perPage", { n }) }))}
          w={110}
        />
        <Pagination total={pages} value={Math.min(page, pages)} onChange={(p) => onChange(p, limit)} withEdges data-testid="pagination" />
      </Group>
    </Group>
  );
}
PageBar.displayName = "PageBar";
