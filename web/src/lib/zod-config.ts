/**
 * Zod compiles object parsers with `new Function` when it can, and probes for that the first time
 * it parses. The site's Content-Security-Policy forbids eval, so the probe is blocked and reported
 * as a policy violation on every page with a form or a tracking answer. The plain parser is fast
 * enough for the small objects a browser parses; say so before anything parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
