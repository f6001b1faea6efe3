/**
 * Picks users from the department tree (/sys/candidate/userTree): the chosen ones show as removable pills,
 * "choose" opens a dialog with a search box and a checkbox (or radio) per user under each department.
 * Everything is reachable with Tab, Space and Enter.
 */
import { Accordion, Badge, Button, Checkbox, CloseButton, Group, Input, Loader, Modal, Radio, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconSearch, IconUserPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { filterUserTree, userTreeQuery, type Pick } from "./candidates.ts";

export interface UserPickerProps {
  value: Pick[];
  onChange: (value: Pick[]) => void;
  /** several users (checkboxes) or one (radios) @default true */
  multiple?: boolean;
  label?: string;
  description?: string;
  error?: string;
  required?: boolean;
  "data-testid"?: string;
}

export function UserPicker({ value, onChange, multiple = true, label, description, error, required, "data-testid": testId }: UserPickerProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required} data-testid={testId}>
      <Group gap={6} mt={4}>
        {value.map((person) => (
          <Badge key={person.id} variant="light" pr={3} rightSection={<CloseButton size="xs" aria-label={t("flowDesign.picker.remove", { name: person.name })} onClick={() => onChange(value.filter((p) => p.id !== person.id))} />}>
            {person.name}
          </Badge>
        ))}
        <Button size="xs" variant="default" leftSection={<IconUserPlus size={14} />} onClick={() => setOpened(true)} data-testid={testId ? `${testId}-choose` : undefined}>
          {t("flowDesign.picker.chooseUsers")}
        </Button>
      </Group>
      <UserPickerDialog opened={opened} multiple={multiple} initial={value} onClose={() => setOpened(false)} onPick={(picked) => (onChange(picked), setOpened(false))} />
    </Input.Wrapper>
  );
}
UserPicker.displayName = "UserPicker";

interface DialogProps {
  opened: boolean;
  multiple: boolean;
  initial: Pick[];
  onClose: () => void;
  onPick: (picked: Pick[]) => void;
}

/** The choosing dialog; its selection is a draft until "confirm". */
export function UserPickerDialog({ opened, multiple, initial, onClose, onPick }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("flowDesign.picker.chooseUsers")} size="lg" zIndex={400}>
      {opened && <PickerBody multiple={multiple} initial={initial} onCancel={onClose} onPick={onPick} />}
    </Modal>
  );
}

function PickerBody({ multiple, initial, onCancel, onPick }: { multiple: boolean; initial: Pick[]; onCancel: () => void; onPick: (picked: Pick[]) => void }) {
  const { t } = useTranslation();
  const tree = useQuery(userTreeQuery);
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<Pick[]>(initial);
  // departments the user opened; while searching every matching one is open
  const [open, setOpen] = useState<string[]>([]);
  const shown = useMemo(() => filterUserTree(tree.data ?? [], text), [tree.data, text]);
  const chosenIds = new Set(chosen.map((p) => p.id));
  const toggle = (person: Pick) =>
    setChosen((now) => (multiple ? (now.some((p) => p.id === person.id) ? now.filter((p) => p.id !== person.id) : [...now, person]) : [person]));

  return (
    <Stack>
      <TextInput data-autofocus leftSection={<IconSearch size={14} />} placeholder={t("flowDesign.picker.searchUser")} value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="user-picker-search" />
      <ScrollArea.Autosize mah={380}>
        {tree.isLoading && <Loader size="sm" />}
        {!tree.isLoading && !shown.length && <Text size="sm" c="dimmed">{t("flowDesign.picker.noUsers")}</Text>}
        <Accordion multiple value={text.trim() ? shown.map((d) => d.id || "-") : open} onChange={setOpen} variant="contained">
          {shown.map((department) => (
            <Accordion.Item key={department.id || "-"} value={department.id || "-"}>
              <Accordion.Control>
                <Group gap={6}>
                  <Text size="sm">{department.name}</Text>
                  <Text size="xs" c="dimmed">({department.children.length})</Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={6}>
                  {department.children.map((u) =>
                    multiple ? (
                      <Checkbox key={u.id} label={`${u.name} (${u.userNo})`} checked={chosenIds.has(u.id)} onChange={() => toggle({ id: u.id, name: u.name })} data-testid={`pick-user-${u.userNo}`} />
                    ) : (
                      <Radio key={u.id} name="pick-user" label={`${u.name} (${u.userNo})`} checked={chosenIds.has(u.id)} onChange={() => toggle({ id: u.id, name: u.name })} data-testid={`pick-user-${u.userNo}`} />
                    ),
                  )}
                  {!department.children.length && <Text size="xs" c="dimmed">{t("flowDesign.picker.noUsers")}</Text>}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </ScrollArea.Autosize>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{t("flowDesign.picker.chosen", { n: chosen.length })}</Text>
        <Group gap="xs">
          <Button variant="default" onClick={onCancel}>{t("actions.cancel")}</Button>
          <Button onClick={() => onPick(chosen)} data-testid="user-picker-ok">{t("actions.confirm")}</Button>
        </Group>
      </Group>
    </Stack>
  );
}
