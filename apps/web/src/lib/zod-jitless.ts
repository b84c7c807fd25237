import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` unless told not to, and probes whether it may
 * the first time an object schema is made. Under our CSP (no `unsafe-eval`) that probe is a
 * `script-src` violation on every page that loads zod, even though zod catches the error. This
 * module is the first import of every browser entry, so it runs before any schema exists.
 */
z.config({ jitless: true });
