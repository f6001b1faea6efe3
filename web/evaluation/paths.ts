/** The evaluation area's resource paths and tags, apart from the declarations: the registrations need them on the first screen, the families not. */
export const modelPath = "/common/tbevaluationmodel";
export const resultPath = "/common/result";
export const starPath = "/common/enstarenterprise";
export const hitechPath = "/common/hitech";
export const evaluateTag = "common:tbevaluationmodel:evaluate";
export const resultListTag = "common:result:list";
