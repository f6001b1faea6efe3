/** Why a policy matches (the leaves that passed) or what it still misses ("需再获得 1 项发明专利"), as the server words them. */
import { Badge, Group, List, Stack, Text } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import type { MatchReason } from "./api.ts";

export function Missing({ missing }: { missing: string[] }) {
  if (missing.length === 0) return null;
  return (
    <Group gap={4} data-testid="policy-missing">
      {missing.map((text) => (
        <Badge key={text} color="orange" variant="light" tt="none">{text}</Badge>
      ))}
    </Group>
  );
}

export function Reasons({ reasons, limit }: { reasons: MatchReason[]; limit?: number }) {
  const shown = limit ? reasons.slice(0, limit) : reasons;
  if (shown.length === 0) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      <List size="sm" spacing={2} data-testid="policy-reasons">
        {shown.map((r, i) => (
          <List.Item key={`${r.condition}-${r.fact}-${i}`} icon={r.pass ? <IconCheck size={14} color="var(--mantine-color-teal-6)" /> : <IconX size={14} color="var(--mantine-color-orange-6)" />} data-pass={r.pass}>
            {r.text}
          </List.Item>
        ))}
      </List>
      {limit && reasons.length > limit && <Text size="xs" c="dimmed">…</Text>}
    </Stack>
  );
}
