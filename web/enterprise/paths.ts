/**
 * The enterprise area's paths, kept apart from scope.ts so the registrations made with the first screen
 * (index.ts) do not load the enterprise declarations.
 */
export const profilePath = "/common/enterprisebasicinfo/index";
export const demandFilesPath = "/common/servicefiles/xqdalist";
/** The API path of the enterprise master family (events/families/enterprise.ts), whose list opens a profile. */
export const masterPath = "/common/enenterprisebasicinfo";
