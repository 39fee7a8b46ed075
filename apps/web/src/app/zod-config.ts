import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and merely probing for it
// is reported as a violation of the Content-Security-Policy, which allows no eval. Imported
// first by main.tsx, so this holds before any module parses anything.
z.config({ jitless: true });
