import { config } from 'zod/v4/core';

/**
 * The site's Content-Security-Policy allows no eval (apps/server/src/http/securityHeaders.ts).
 * Zod would otherwise probe for it with `new Function` to compile faster object parsers, which
 * the browser reports as a policy violation. main.tsx imports this first, before any parsing;
 * only zod's small core is imported, to keep the first load light.
 */
config({ jitless: true });
