/** The results list's row action: explain the result (why this score) in a drawer. */
import { Button } from "@mantine/core";
import { IconReportSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Row } from "../core/api/records.ts";
import { addTexts } from "../core/i18n.ts";
import texts from "../core/locales/evaluation.ts";
import { ResultDrawer } from "./ResultDrawer.tsx";

addTexts(texts);

export default function ExplainAction({ row }: { family: Family; row: Row }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = typeof row.id === "string" ? row.id : null;
  if (!id) return null;
  return (
    <>
      <Button size="compact-sm" variant="subtle" leftSection={<IconReportSearch size={14} />} onClick={() => setOpen(true)} data-testid="explain-result">
        {t("evaluation.explain.open")}
      </Button>
      {open && <ResultDrawer id={id} onClose={() => setOpen(false)} />}
    </>
  );
}
