/** The shared widgets (spec section 2), one folder each. */
export * from "./DictSelect/index.ts";
export * from "./DictRadio/index.ts";
export * from "./DictCheckbox/index.ts";
export * from "./DictTag/index.ts";
export * from "./RegionCascader/index.ts";
export * from "./NameById/index.ts";
export * from "./DraggableModal/index.ts";
export * from "./StickyBar/index.ts";
export * from "./PageBar/index.ts";
export * from "./FormKit/index.ts";
