/**
 * The data-model module: model definitions and their fields, the records of each model
 * through the record engine (worker/datamodel/data-routes.ts), the tables kept in step with the
 * definitions and the records' read models. Listed in worker/modules.ts before the record engine, so these
 * verbs replace the generic ones of the `dataModels` family.
 */
import type { Module } from "../module.ts";
import type { RouteTable } from "../http/routes.ts";
import { modelRoutes, modelTables } from "./models.ts";
import { fieldRoutes } from "./fields.ts";
import { runtimeRecords } from "./runtime.ts";
import { dataRoutes } from "./data-routes.ts";

export const datamodelModule: Module = {
  name: "datamodel",
  routes(table: RouteTable) {
    modelRoutes(table);
    fieldRoutes(table);
    dataRoutes(table);
  },
  projections: [modelTables, runtimeRecords],
};
