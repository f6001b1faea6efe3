/** MS Project XML samples imported as text (vite ?raw). */
declare module "*.xml?raw" {
  const text: string;
  export default text;
}
