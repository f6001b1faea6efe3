/** The visits area's resource paths, apart from the calls: the area's registration needs them on the first screen, the contract not. */
export const visitPath = "/common/encompanyvisit";
export const allocationPath = "/common/envisituserallocation";
export const checkInPath = "/common/encheckinrecord";
export const taskPath = "/common/entaskmsg";
