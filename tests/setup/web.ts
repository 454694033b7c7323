import 'reflect-metadata';
import { beforeAll } from 'vitest';
import { declareRunningPlugins } from '@core/shared/resource/absent-plugins';

// Test files share a worker (isolate: false), and which plugins run is a process's one declaration:
// each file starts with none declared, so a kernel another file made with fewer plugins hides no
// reference field here.
beforeAll(() => declareRunningPlugins([]));
