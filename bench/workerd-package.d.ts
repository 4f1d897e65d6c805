// The workerd package: the path of this machine's workerd binary, as its default export.
declare module "workerd" {
  const binary: string | { default: string };
  export default binary;
}
