/**
 * Everything that keeps a tree from saving, as messages the designer lists (each naming its node, a click
 * opens that node): first the shared rules of events/flow/tree.ts (treeProblems: the server applies the
 * same ones), then the field-level slips a person makes while typing (an empty label, a badly formed key,
 * a condition without a value), and last whatever the schema itself refuses.
 */
import { processTree, treeProblems, variableKey, walkTree, type ProcessNode, type ProcessTree } from "../../../events/flow/tree.ts";
import i18n, { currentLang } from "../../core/i18n.ts";

export interface DesignProblem {
  /** the node to open; null for the model as a whole */
  nodeId: string | null;
  text: string;
}

const label = (n: ProcessNode) => n.name || n.id;

/** Slips the shared rules do not word for a person: empty labels and values, malformed keys and numbers. */
function slips(tree: ProcessTree): DesignProblem[] {
  const t = i18n.t.bind(i18n);
  const out: DesignProblem[] = [];
  const add = (n: ProcessNode, key: string, values: Record<string, unknown> = {}) => out.push({ nodeId: n.id, text: t(`flowDesign.problems.${key}`, { node: label(n), ...values }) });
  tree.props.formFields.forEach((f, i) => {
    if (!f.key) add(tree, "fieldKeyMissing", { n: i + 1 });
    else if (!variableKey.safeParse(f.key).success) add(tree, "fieldKeyBad", { key: f.key });
    if (!f.label.trim()) add(tree, "fieldLabelMissing", { n: i + 1 });
  });
  const fields = new Map(tree.props.formFields.map((f) => [f.key, f]));
  walkTree(tree, (n) => {
    if (!n.name.trim() && n.type !== "EMPTY") add(n, "nameMissing");
    if (n.type === "CONDITION" && !n.props.isDefault)
      for (const row of n.props.conditions) {
        const field = fields.get(row.field)?.label ?? row.field;
        const empty = row.value === "" || (Array.isArray(row.value) && row.value.length === 0) || (typeof row.value === "number" && !Number.isFinite(row.value));
        if (!row.field) add(n, "conditionFieldMissing");
        else if (empty) add(n, "conditionValueMissing", { field });
      }
    if (n.type === "APPROVAL") {
      const { passRatio, timeout } = n.props;
      if (n.props.mode === "ratio" && passRatio != null && !(passRatio > 0 && passRatio <= 1)) add(n, "ratioRange");
      if (timeout && !(timeout.hours > 0)) add(n, "timeoutHours");
    }
  });
  return out;
}

export function validateTree(tree: ProcessTree): DesignProblem[] {
  const lang = currentLang();
  const problems: DesignProblem[] = [...treeProblems(tree).map((p) => ({ nodeId: p.nodeId, text: p.text[lang] })), ...slips(tree)];
  // the schema's own refusals, once nothing friendlier explains them
  if (!problems.length) {
    const parsed = processTree.safeParse(tree);
    if (!parsed.success)
      for (const issue of parsed.error.issues.slice(0, 5)) problems.push({ nodeId: null, text: i18n.t("flowDesign.problems.shape", { path: issue.path.join("."), message: issue.message }) });
  }
  // one message per text: a node with the same slip twice says it once
  const seen = new Set<string>();
  return problems.filter((p) => (seen.has(p.text) ? false : (seen.add(p.text), true)));
}

/** The problems by node id, for the cards' red outlines. */
export function problemsByNode(problems: DesignProblem[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const p of problems) if (p.nodeId) map.set(p.nodeId, [...(map.get(p.nodeId) ?? []), p.text]);
  return map;
}
