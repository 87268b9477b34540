/**
 * Output of failed commands as agents capture it: warnings, notices and the script's echo first,
 * the error after (shapes recorded from npm 10, tsc and Next.js 15 runs).
 */

/** `npm run typecheck` failing in a project whose .npmrc has keys npm 10 no longer knows. */
export const TYPECHECK_OUTPUT = [
  'npm warn Unknown env config "verify-deps-before-run". This will stop working in the next major version of npm.',
  'npm warn Unknown env config "_jsr-registry". This will stop working in the next major version of npm.',
  "",
  "> web@0.1.0 typecheck",
  "> tsc --noEmit",
  "",
  "src/App.test.tsx(3,32): error TS2307: Cannot find module '@testing-library/react' or its corresponding type declarations.",
].join("\n");

/** The error line of {@link TYPECHECK_OUTPUT}. */
export const TYPECHECK_ERROR =
  "src/App.test.tsx(3,32): error TS2307: Cannot find module '@testing-library/react' or its corresponding type declarations.";

/** `npm run build` of a Next.js app failing, as one line after the warning. */
export const BUILD_OUTPUT = [
  'npm warn Unknown env config "verify-deps-before-run". This will stop working in the next major version of npm.',
  "Build error occurred [TypeError: generate is not a function]",
].join("\n");

/** The same failure as Next.js prints it over several lines. */
export const NEXT_BUILD_OUTPUT = [
  'npm warn Unknown env config "verify-deps-before-run". This will stop working in the next major version of npm.',
  "",
  "> web@0.1.0 build",
  "> next build",
  "",
  "   ▲ Next.js 15.1.0",
  "   Creating an optimized production build ...",
  "",
  "> Build error occurred",
  "[TypeError: generate is not a function]",
].join("\n");
