import { defineServerPlugin } from '@core/server/plugin';
import { adminManifest } from '../manifest';
import articlesSql from './migrations/0001_articles.sql?raw';
import { articlesRoutes } from './articles-routes';

export default defineServerPlugin({
  manifest: adminManifest,
  migrations: [{ name: '0001_articles', sql: articlesSql }],
  register(app, { db }) {
    articlesRoutes(app, db);
  },
});
