/** The project schedule's own family: one picture setting per project (worker/gantt answers /project/visualpicconf). */
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";
import { visualSettings } from "../gantt/visual.ts";

export const projectVisualConf = defineFamily({
  path: "/project/visualpicconf",
  perm: "project:visualpicconf",
  table: "project_visual_conf",
  label: l("项目图形配置", "Project picture settings"),
  fields: {
    projectId: field.ref(l("项目", "Project"), { required: true }),
    settings: field.json(l("图形设置", "Picture settings"), () => visualSettings),
  },
  columns: ["projectId"],
  filters: { projectId: "eq" },
  sorts: ["updateTime"],
  defaultSort: ["updateTime", "desc"],
  unique: [["projectId"]],
});

export const ganttFamilies = [projectVisualConf] as const;
