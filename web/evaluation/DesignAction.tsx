/** The model list's row action: open the model's designer (full screen, loaded on first use). */
import { Button } from "@mantine/core";
import { IconTopologyStar3 } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Row } from "../core/api/records.ts";
import { addTexts } from "../core/i18n.ts";
import texts from "../core/locales/evaluation.ts";

addTexts(texts);

const Designer = lazy(() => import("./Designer.tsx"));

export default function DesignAction({ row }: { family: Family; row: Row }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (typeof row.id !== "string") return null;
  return (
    <>
      <Button size="compact-sm" variant="subtle" leftSection={<IconTopologyStar3 size={14} />} onClick={() => setOpen(true)} data-testid="design-model">
        {t("evaluation.design.open")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <Designer row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
