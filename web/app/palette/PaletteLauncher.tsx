/**
 * The header's search button and the Ctrl+K / ⌘K shortcut (anywhere, inputs included): both open the
 * command palette, whose code (Spotlight, pinyin-pro, the declarations) loads on first use — or a few
 * seconds after sign-in, once the screen is idle — so it never weighs on the first screen.
 */
import { Button, Kbd, Tooltip } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const loadPalette = () => import("./Palette.tsx");
const Palette = lazy(loadPalette);

/** Warm-up delay of the palette's chunk after the shell is shown. */
const preloadMs = 4000;

const isMac = () => /Mac|iPhone|iPad/i.test(navigator.userAgent);

export function PaletteLauncher() {
  const { t } = useTranslation();
  const [requests, setRequests] = useState(0);
  const toggle = () => setRequests((n) => n + 1);
  useHotkeys([["mod+K", toggle]], []);

  useEffect(() => {
    const id = setTimeout(() => void loadPalette().catch(() => {}), preloadMs);
    return () => clearTimeout(id);
  }, []);

  const shortcut = isMac() ? "⌘ K" : "Ctrl K";
  return (
    <>
      <Tooltip label={`${t("palette.open")} (${shortcut})`}>
        <Button variant="default" size="xs" radius="xl" leftSection={<IconSearch size={14} />} rightSection={<Kbd size="xs">{shortcut}</Kbd>} onClick={toggle} aria-label={t("palette.open")} data-testid="palette-open">
          {t("palette.open")}
        </Button>
      </Tooltip>
      {requests > 0 && (
        <Suspense fallback={null}>
          <Palette requests={requests} />
        </Suspense>
      )}
    </>
  );
}
