export { RegionCascader, RegionName } from "./RegionCascader.tsx";
export type { RegionCascaderProps } from "./RegionCascader.tsx";
export { childrenOf, areaDepth, type TreeNode, type TreeSource } from "./tree.ts";
