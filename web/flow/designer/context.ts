/** What every card and "+" of the designer reaches: the tree, how to change it, the selection and the problems. */
import { createContext, useContext } from "react";
import type { ProcessTree } from "../../../events/flow/tree.ts";
import type { NodeNames } from "./treeOps.ts";

export interface DesignerContextValue {
  tree: ProcessTree;
  change: (tree: ProcessTree) => void;
  selected: string | null;
  select: (id: string | null) => void;
  /** problem texts by node id (shown once the user tried to save) */
  problems: Map<string, string[]>;
  names: NodeNames;
  readOnly: boolean;
}

export const DesignerContext = createContext<DesignerContextValue | null>(null);

export function useDesigner(): DesignerContextValue {
  const value = useContext(DesignerContext);
  if (!value) throw new Error("useDesigner outside ProcessDesigner");
  return value;
}
