/**
 * The spec's own names for some families' spreadsheet import (excelSave, excelSaveHonor, suppliers'
 * import): the same verb as `<path>/excel/import` — a multipart `file` or JSON chunks — with the same
 * answer, tag and refused-rows result.
 */
import { l } from "../../events/family.ts";
import type { RouteTable } from "../http/routes.ts";
import { importBody, importFile, importJson } from "../resources/spreadsheet/import-http.ts";
import { familyNamed, names } from "./families.ts";

const aliases: [family: string, verb: string][] = [
  [names.szt, "excelSave"],
  [names.financial, "excelSave"],
  [names.freeze, "excelSave"],
  [names.honour, "excelSaveHonor"],
  [names.suppliers, "import"],
];

export function importRoutes(routes: RouteTable) {
  for (const [name, verb] of aliases) {
    const family = familyNamed(name);
    if (!family) continue;
    routes.post(
      `${family.path}/${verb}`,
      family.tags.import,
      async (c) => ((c.req.header("content-type") ?? "").startsWith("multipart/form-data") ? importFile(c, family) : importJson(c, family)),
      { doc: { summary: l(`${family.label["zh-CN"]}：导入表格`, `${family.label["en-US"]}: import a spreadsheet`), family, verb: "excel/import", body: importBody } },
    );
  }
}
