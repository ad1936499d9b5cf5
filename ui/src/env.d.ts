// CSS modules as the bundler (Rsbuild) and vitest give them: class name → generated name.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
