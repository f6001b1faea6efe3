/** Every seeded dictionary, in one list: the seed writes them, the demo and the built-in sync source read them. */
import { dictionarySeed, type DictSeed } from "./dictionaries.ts";
import { domainDictionarySeed } from "./dictionaries-domain.ts";
import { enterpriseDictionarySeed } from "./dictionaries-enterprise.ts";
import { servicesDictionarySeed } from "./dictionaries-services.ts";
import { caseworkDictionarySeed } from "./dictionaries-casework.ts";
import { datamodelDictionarySeed } from "./dictionaries-datamodel.ts";
import { formsDictionarySeed } from "./dictionaries-forms.ts";
import { synRegistrationDictionarySeed } from "./dictionaries-syn-registration.ts";
import { courtsSynDictionarySeed } from "./dictionaries-syn-courts.ts";
import { jobsDictionarySeed } from "./dictionaries-jobs.ts";

export const allDictionarySeeds: DictSeed[] = [
  ...dictionarySeed,
  ...domainDictionarySeed,
  ...enterpriseDictionarySeed,
  ...servicesDictionarySeed,
  ...caseworkDictionarySeed,
  ...datamodelDictionarySeed,
  ...formsDictionarySeed,
  ...courtsSynDictionarySeed,
  ...synRegistrationDictionarySeed,
  ...jobsDictionarySeed,
];
