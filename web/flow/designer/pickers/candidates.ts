/**
 * The candidate lists the designer picks approvers from (GET /sys/candidate/userTree and roleList, any
 * signed-in user), as TanStack queries so every picker on the page shares one fetch.
 */
import { sys } from "../../../../events/api/sys.ts";
import type { Answer } from "../../../../events/api/verb.ts";
import { call } from "../../../core/api/call.ts";

/** A chosen user or role, kept with its name so the card shows it without another fetch. */
export interface Pick {
  id: string;
  name: string;
}

/** The candidate lists' rows, from the contract (events/api/sys.ts). */
export type CandidateDepartment = Answer<typeof sys.userTree>[number];
export type CandidateUser = CandidateDepartment["children"][number];
export type CandidateRole = Answer<typeof sys.roleList>[number];

export const userTreeQuery = {
  queryKey: ["/sys/candidate/userTree"] as const,
  queryFn: () => call(sys.userTree),
  staleTime: 60_000,
};

export const roleListQuery = {
  queryKey: ["/sys/candidate/roleList"] as const,
  queryFn: () => call(sys.roleList),
  staleTime: 60_000,
};

/** The departments whose name or whose users' names or numbers contain `text`, each with the matching users. */
export function filterUserTree(tree: CandidateDepartment[], text: string): CandidateDepartment[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return tree;
  const out: CandidateDepartment[] = [];
  for (const department of tree) {
    if (department.name.toLowerCase().includes(needle)) out.push(department);
    else {
      const children = department.children.filter((u) => u.name.toLowerCase().includes(needle) || u.userNo.toLowerCase().includes(needle));
      if (children.length) out.push({ ...department, children });
    }
  }
  return out;
}
