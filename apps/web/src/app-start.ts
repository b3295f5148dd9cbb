import { startWhenNeeded } from './lib/app-start/start-when-needed.ts';

startWhenNeeded();
