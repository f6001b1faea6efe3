/**
 * The forms module: forms designed over data models and their releases, filled forms (a model record and
 * its form data written together), process forms started through dynamicStart, and each approval step's
 * view of the form, and fill-in links that let an enterprise fill one release without signing in (links.ts). The families are plain declarations (events/families/forms.ts); the record engine
 * gives them their lists, info and history, and this module's verbs, registered first, take over their
 * writes. The composition root links `businessLinks` and `startForm` to the flow module.
 */
import type { Module } from "../module.ts";
import type { BusinessLink, StartFormHandler } from "../flow/business.ts";
import { formRoutes } from "./forms.ts";
import { filledRoutes, formDataLink, startFromForm } from "./filled.ts";
import { linkRoutes } from "./links.ts";

export const formsModule: Module & { businessLinks: BusinessLink[]; startForm: StartFormHandler } = {
  name: "forms",
  routes: (table) => {
    formRoutes(table);
    filledRoutes(table);
    linkRoutes(table);
  },
  projections: [],
  businessLinks: [formDataLink],
  startForm: startFromForm,
};
