/** Choosing what to match: an enterprise (the master list's search) or a policy (the policy list, searchable by name). */
import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { familyByName } from "../../events/families/index.ts";
import { recordQueries } from "../core/api/records.ts";
import { EnterprisePicker, type PickedEnterprise } from "../enterprise/EnterprisePicker.tsx";
import { masterName } from "../enterprise/scope.ts";
import { policy } from "./api.ts";

export type { PickedEnterprise };

export function EnterpriseChoice({ onPick, label, error, w = 420 }: { onPick: (e: PickedEnterprise) => void; label?: string; error?: string; w?: number | string }) {
  const master = familyByName.get(masterName)!;
  return <EnterprisePicker master={master} w={w} onPick={onPick} label={label} error={error} />;
}

export interface PickedPolicy {
  policyId: string;
  policyName: string;
  policyNo: string | null;
}

/** A policy by a fragment of its name (at most 20 offered); `value` the chosen one, shown even before a search. */
export function PolicyChoice({ value, onPick, label, error, w = 420, testId = "policy-choice" }: { value: PickedPolicy | null; onPick: (p: PickedPolicy | null) => void; label?: string; error?: string; w?: number | string; testId?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({ ...recordQueries(policy.path).list({ page: 1, limit: 20, ...(keyword ? { policyName: keyword } : {}) }), placeholderData: keepPreviousData });
  const rows = found.data?.rows ?? [];
  const options = rows.map((r) => ({ value: String(r.id), label: String(r.policyName) }));
  if (value && !options.some((o) => o.value === value.policyId)) options.unshift({ value: value.policyId, label: value.policyName });
  return (
    <Select
      w={w}
      searchable
      clearable
      label={label}
      error={error}
      placeholder={t("policy.match.pickPolicy")}
      data={options}
      value={value?.policyId ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(id) => {
        const row = rows.find((r) => String(r.id) === id);
        onPick(id ? { policyId: id, policyName: String(row?.policyName ?? value?.policyName ?? id), policyNo: (row?.policyNo as string | null) ?? null } : null);
      }}
      data-testid={testId}
    />
  );
}
