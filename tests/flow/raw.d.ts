/** BPMN files of the engine tests, imported as text (Vite's `?raw`). */
declare module "*.bpmn?raw" {
  const text: string;
  export default text;
}
