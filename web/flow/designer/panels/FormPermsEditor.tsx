/** Per form field: may this node's person edit it, only read it, or not see it. Fields not listed take `fallback`. */
import { Button, Group, SegmentedControl, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formPermValues, type FormField, type FormPerm, type FormPerms } from "../../../../events/flow/tree.ts";

export interface FormPermsEditorProps {
  fields: FormField[];
  value: FormPerms;
  onChange: (value: FormPerms) => void;
  /** what a field without an entry means (the engine reads approval nodes' absent fields as read-only) */
  fallback: FormPerm;
  readOnly?: boolean;
}

export function FormPermsEditor({ fields, value, onChange, fallback, readOnly }: FormPermsEditorProps) {
  const { t } = useTranslation();
  if (!fields.length) return <Text size="sm" c="dimmed">{t("flowDesign.perms.noFields")}</Text>;
  const data = formPermValues.map((p) => ({ value: p, label: t(`flowDesign.perms.${p}`) }));
  const setAll = (perm: FormPerm) => onChange(Object.fromEntries(fields.map((f) => [f.key, perm])));
  return (
    <>
      {!readOnly && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">{t("flowDesign.perms.setAll")}</Text>
          {formPermValues.map((p) => (
            <Button key={p} size="compact-xs" variant="default" onClick={() => setAll(p)}>{t(`flowDesign.perms.${p}`)}</Button>
          ))}
        </Group>
      )}
      <Table withTableBorder data-testid="form-perms">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("flowDesign.perms.field")}</Table.Th>
            <Table.Th w={220}>{t("flowDesign.perms.access")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.key}>
              <Table.Td>
                <Text size="sm">{f.label || f.key}</Text>
                <Text size="xs" c="dimmed" ff="monospace">{f.key}</Text>
              </Table.Td>
              <Table.Td>
                <SegmentedControl
                  size="xs"
                  fullWidth
                  disabled={readOnly}
                  aria-label={t("flowDesign.perms.accessOf", { field: f.label || f.key })}
                  data={data}
                  value={value[f.key] ?? fallback}
                  onChange={(perm) => onChange({ ...value, [f.key]: perm as FormPerm })}
                  data-testid={`perm-${f.key}`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
FormPermsEditor.displayName = "FormPermsEditor";
