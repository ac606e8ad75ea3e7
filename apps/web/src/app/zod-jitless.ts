// The server's CSP forbids eval. Zod probes for it with `new Function` when its first
// object schema is built, and the browser reports that probe as a CSP violation even
// though zod catches the error. `jitless` skips the probe; it must be set before any
// schema exists, so main.tsx imports this module first.
import { config } from 'zod';

config({ jitless: true });
