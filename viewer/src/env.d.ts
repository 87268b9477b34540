/** Vite bundles the stylesheet the entry imports. */
declare module "*.css";
