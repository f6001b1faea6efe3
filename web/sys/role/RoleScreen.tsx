/**
 * Roles (/sys/role): the role family's generic list and form. Two things are its own: menus are assigned
 * on a checkbox tree of the whole menu (buttons included), and deleting shows the server's warning when
 * users hold the roles.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { role } from "../../../events/families/sys.ts";
import type { Family } from "../../../events/family.ts";
import { send } from "../../core/api/call.ts";
import { sys } from "../../../events/api/sys.ts";
import { currentLang } from "../../core/i18n.ts";
import type { ScreenProps } from "../../registry/index.ts";
import type { FieldInputProps } from "../../crud/FieldInput.tsx";
import { ListPage } from "../../crud/ListPage.tsx";
import { menuSelectQuery, toTreeData } from "../shared/menuTree.ts";
import { MenuCheckTree } from "./MenuCheckTree.tsx";

/** The menuIdList input: checked and half-checked menu ids on the whole tree. */
function MenuAssignment({ value, onChange, error }: FieldInputProps) {
  const menus = useQuery(menuSelectQuery(10, true));
  const data = useMemo(() => toTreeData(menus.data ?? [], currentLang()), [menus.data]);
  return <MenuCheckTree data={data} value={(value as string[] | null) ?? []} onChange={onChange} error={typeof error === "string" ? error : undefined} />;
}

/** The server's warning when users hold the roles about to be deleted. */
async function holdersWarning(ids: string[]): Promise<string | undefined> {
  const answer = await send(sys.roleHolders, { query: { ids: ids.join(",") } });
  return answer.data.holders > 0 ? answer.msg : undefined;
}

const inputs = { menuIdList: (props: FieldInputProps) => <MenuAssignment {...props} /> };

export default function RoleScreen(_: ScreenProps) {
  return <ListPage family={role as unknown as Family} inputs={inputs} deleteWarning={holdersWarning} />;
}
