/**
 * The Import button of a list (shown only with the family's `<perm>:import` tag): opens the import dialog,
 * whose code and SheetJS load only when it is first opened.
 *
 * @example
 * <ImportButton family={family} onImported={() => forgetCached([])} />
 */
import { Button } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../../events/family.ts";
import { hasPermission } from "../../core/session.ts";
import type { RunResult } from "./plan.ts";

const ImportDialog = lazy(() => import("./ImportDialog.tsx").then((m) => ({ default: m.ImportDialog })));

export interface ImportButtonProps {
  /** the family whose list imports */
  family: Family;
  /** after an import that stored rows (the list's queries are already invalidated) @default undefined */
  onImported?: (result: RunResult) => void;
}

export function ImportButton({ family, onImported }: ImportButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!hasPermission(family.tags.import)) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setOpened(true)} data-testid="import">
        {t("io.import")}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ImportDialog family={family} opened onClose={() => setOpened(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}
ImportButton.displayName = "ImportButton";
