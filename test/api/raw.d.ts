// Vite's ?raw imports (a file as text), used by tests that compare a file with the code.
declare module "*?raw" {
  const text: string;
  export default text;
}
