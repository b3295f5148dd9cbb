// `npm start`: brings the bundle up to date, then becomes the server (serve.ts).
import { bundleIfChanged } from './build.ts';
import { serve } from './serve.ts';

await bundleIfChanged();
await serve();
