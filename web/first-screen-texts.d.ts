/** The first screen's texts in one language (web/vite.config.ts makes the module). */
declare module "virtual:first-screen-texts/*" {
  const texts: Record<string, unknown>;
  export default texts;
}
