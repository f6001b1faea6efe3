/**
 * Reference fields: which family (and which cached name kind) a `ref` field points to, its name in a
 * cell, and the select that picks one. Fields are matched by key: deptId → departments, postId → posts,
 * userId/reporter/applicantId/…UserId → users, parentId → the family itself.
 */
import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { families } from "../../events/families/index.ts";
import type { Family } from "../../events/family.ts";
import { call } from "../core/api/call.ts";
import { sys } from "../../events/api/sys.ts";
import type { NameKind } from "../core/api/names.ts";
import { recordQueries, type Row } from "../core/api/records.ts";
import { hasPermission } from "../core/session.ts";
import { useSeededName } from "../core/seeded.ts";
import { NameById } from "../widgets/NameById/index.ts";

export interface RefTarget {
  /** the family whose listAll gives the choices */
  family?: Family;
  /** the cached-name kind that names an id */
  names?: NameKind;
}

const byPath = (path: string) => families.find((f) => f.path === path);

/** Where a ref field points, or undefined when unknown (then it is typed as text). */
export function refTarget(family: Family, key: string): RefTarget | undefined {
  switch (key) {
    case "deptId":
      return { family: byPath("/sys/department"), names: "department" };
    case "postId":
      return { family: byPath("/common/projectorgpost") };
    case "userId":
    case "reporter":
    case "createBy":
    case "updateBy":
      return { family: byPath("/sys/user"), names: "user" };
    case "parentId":
      return { family, names: family.path === "/sys/organization" ? "organisation" : undefined };
    case "applicantId":
      return { family: byPath("/sys/user"), names: "user" };
    default:
      // serviceUserId, bmjlUserId, assigneeUserId…: the enterprise and service families' staff fields
      return /UserId$/.test(key) ? { family: byPath("/sys/user"), names: "user" } : undefined;
  }
}

/** A row's display name: users as "name (account)", others by name (a seeded name in the screen's language). */
export const rowLabel = (row: Row, named: (name: string) => string = (n) => n) => (row.userNo ? `${named(String(row.name))} (${String(row.userNo)})` : named(String(row.name ?? row.label ?? "")));

/** The choices of a target family (its listAll), only when the user may list it. */
function useChoices(target: Family | undefined) {
  const allowed = !!target && hasPermission(target.tags.list);
  const named = useSeededName();
  const query = useQuery({ ...recordQueries(target?.path ?? "").listAll(), enabled: allowed, staleTime: 60_000 });
  const data = useMemo(() => (query.data ?? []).map((row) => ({ value: String(row[target!.idKey]), label: rowLabel(row, named) })), [query.data, target, named]);
  return { data, allowed, rows: query.data };
}

/** The name of a referenced record in a table cell or history line. */
export function RefName({ family, fieldKey, id }: { family: Family; fieldKey: string; id: string }) {
  const target = refTarget(family, fieldKey);
  if (target?.names) return <NameById kind={target.names} id={id} />;
  return <ListedName target={target?.family} id={id} />;
}

function ListedName({ target, id }: { target: Family | undefined; id: string }) {
  const { rows } = useChoices(target);
  const named = useSeededName();
  const row = rows?.find((r) => String(r[target!.idKey]) === id);
  return <>{row ? rowLabel(row, named) : id}</>;
}

/** Puts `name` on the visible input of a Mantine select (Mantine gives it to a hidden one). */
export const namedInput = (name: string | undefined, selector: "input" | "inputField" = "input") => (name ? { [selector]: { name } as Record<string, string> } : undefined);

export interface RefSelectProps extends Omit<SelectProps, "data" | "name"> {
  target: Family;
  name?: string;
}

/** Picks one record of the target family. */
export function RefSelect({ target, name, ...others }: RefSelectProps) {
  const { data } = useChoices(target);
  return <Select {...others} attributes={namedInput(name)} data={data} searchable clearable selectFirstOptionOnChange limit={200} />;
}

/** Picks roles (GET /sys/role/select) for a user's roleIdList. */
export function RoleSelect({ name, ...others }: Omit<MultiSelectProps, "data" | "name"> & { name?: string }) {
  const { data: roles = [] } = useQuery({
    queryKey: ["/sys/role", "select"],
    queryFn: () => call(sys.roles),
    staleTime: 60_000,
  });
  const named = useSeededName();
  return <MultiSelect {...others} attributes={namedInput(name, "inputField")} data={roles.map((r) => ({ value: r.roleId, label: named(r.name) }))} searchable clearable />;
}
