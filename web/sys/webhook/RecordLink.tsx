/**
 * The record a delivery wrote, as a link to the menu screen listing its family with its edit dialog open
 * (`?edit=<id>`); plain text when the user's menu has no such screen.
 */
import { Anchor, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { families } from "../../../events/families/index.ts";
import { currentLang } from "../../core/i18n.ts";
import { currentNavigation } from "../../core/navigation.ts";

export function RecordLink({ family: name, id }: { family: string | null; id: string | null }) {
  const navigate = useNavigate();
  if (!name || !id) return null;
  const family = families.find((f) => f.name === name);
  const label = `${family ? family.label[currentLang()] : name} · ${id}`;
  const route = family && currentNavigation()?.routes.find((r) => r.perms.split(",").some((tag) => tag.trim() === family.tags.list));
  if (!route) return <Text size="sm">{label}</Text>;
  const href = `${route.path}?edit=${encodeURIComponent(id)}`;
  return (
    <Anchor
      size="sm"
      href={href}
      onClick={(event: MouseEvent) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate({ to: route.path, search: { edit: id } as never });
      }}
      data-testid="delivery-record"
    >
      {label}
    </Anchor>
  );
}
