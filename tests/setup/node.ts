import 'reflect-metadata';
import { shareTemplate } from '@core/sdk/testing';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';

// The product's server tests copy one template holding every plugin the build has, whichever of them a test runs.
shareTemplate(AVAILABLE_SERVER_PLUGINS);
