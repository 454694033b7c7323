import 'reflect-metadata';
import { beforeAll } from 'vitest';
import { shareTemplate } from '@core/sdk/testing';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import { declareRunningPlugins } from '@core/shared/resource/absent-plugins';

// The product's server tests copy one template holding every plugin the build has, whichever of them a test runs.
shareTemplate(AVAILABLE_SERVER_PLUGINS);

// Files share a worker (isolate: false): each starts with no running plugins declared, as a fresh process does.
beforeAll(() => declareRunningPlugins([]));
