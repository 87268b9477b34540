/** tacit's version, as package.json states it (checked by a test). */
export const TACIT_VERSION = "0.1.0";
