/** Dictionaries of the data-model families (events/families/datamodel.ts); same shape as `dictionarySeed`. */
import type { DictSeed } from "./dictionaries.ts";

export const datamodelDictionarySeed: DictSeed[] = [
  {
    type: "dataModelType",
    entries: [
      ["table", "实体表", "Entity table"],
      ["view", "视图", "View"],
    ],
  },
];
